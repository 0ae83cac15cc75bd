import type { TFunction } from "i18next";
import { use, useContext, useSyncExternalStore } from "react";
import { fulfilled } from "~/platform/settled-promise";
import type { Translations } from "./translations";
import { TranslationsContext } from "./translations";

/*
 * `use` is called on every render, with `fulfilled` when the namespace is there: a promise React
 * reads as already settled (settled-promise.ts). React puts its hooks
 * back in order after a suspension only inside `use`: a component that suspended on its first
 * render and skipped `use` on the replay failed with "Update hook called on initial render"
 * (seen in the browser tests on the way to the sign-in page; nstfkc/gemi#494 is the same).
 */

/**
 * The site's `useTranslation(ns)`: `{ t, i18n }` as react-i18next's hook gives them, at a fraction
 * of its cost per component. A page renders 100-200 components that translate; react-i18next's
 * hook built, for each of them and on every server render, a fixed `t` and a copy of the whole
 * i18next instance, which took a fifth of the CPU of an uncached careers page (bench/README.md).
 * Here each language and namespace has one `t`, made once by the page's translations (server:
 * translator.server.ts; browser: browser-translations.ts), which keep what they translated.
 *
 * In the browser, a namespace the page had not loaded (another page's, after a navigation) is
 * waited for: the component suspends until it arrives, and as React Router renders navigations
 * in a transition, the previous page stays on screen meanwhile.
 */
export function useTranslation(ns = "common"): { t: TFunction; i18n: Translations } {
  const i18n = useContext(TranslationsContext);
  if (!i18n) throw new Error("useTranslation outside TranslationsContext");
  use(i18n.pending(ns) ?? fulfilled);
  // The function itself is the snapshot: a new one when the language or the loaded texts change.
  const current = () => i18n.getFixedT(i18n.language, ns);
  const t = useSyncExternalStore(i18n.subscribe, current, current);
  return { t, i18n };
}
