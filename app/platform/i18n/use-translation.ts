import type { TFunction } from "i18next";
import { useContext, useSyncExternalStore } from "react";
import type { Translations } from "./translations";
import { TranslationsContext } from "./translations";

/**
 * The site's `useTranslation(ns)`: `{ t, i18n }` as react-i18next's hook gives them, at a fraction
 * of its cost per component. A page renders 100-200 components that translate; react-i18next's
 * hook built, for each of them and on every server render, a fixed `t` and a copy of the whole
 * i18next instance, which took a fifth of the CPU of an uncached careers page (bench/README.md).
 * Here each language and namespace has one `t`, made once by the page's translations (server:
 * translator.server.ts; browser: browser-translations.ts), which keep what they translated.
 */
export function useTranslation(ns = "common"): { t: TFunction; i18n: Translations } {
  const i18n = useContext(TranslationsContext);
  if (!i18n) throw new Error("useTranslation outside TranslationsContext");
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  return { t: i18n.getFixedT(language, ns), i18n };
}
