import type { i18n as I18n, TFunction } from "i18next";
import { useCallback, useContext, useSyncExternalStore } from "react";
import { I18nContext } from "react-i18next";
import { memoizedT } from "./memoized-t";

/**
 * The site's `useTranslation(ns)`: the same `{ t, i18n }` as react-i18next's hook, at a fraction
 * of its cost per component. A page renders 100-200 components that translate; react-i18next's
 * hook builds, for each of them and on every server render, a fixed `t` and a copy of the whole
 * i18next instance (its wrapper for the React Compiler), which took a fifth of the CPU of an
 * uncached careers page (bench/README.md). Here each language and namespace has one `t`, made
 * once, and a plain key's translation is looked up once per process: catalogs only change when
 * the browser adds a language's bundles, which empties the lookups. A call with options
 * (interpolation, plurals, context) is looked up too when every option is a string, number or
 * boolean (see `memoizedT`); other calls go to i18next every time.
 */
export function useTranslation(ns = "common"): { t: TFunction; i18n: I18n } {
  const context = useContext(I18nContext);
  const i18n = context?.i18n;
  if (!i18n) throw new Error("useTranslation outside I18nextProvider");
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on("languageChanged", onChange);
      return () => i18n.off("languageChanged", onChange);
    },
    [i18n],
  );
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  return { t: fixedT(i18n, language, ns), i18n };
}

const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();

function fixedT(i18n: I18n, language: string, ns: string): TFunction {
  let perInstance = fixedTs.get(i18n);
  if (!perInstance) {
    const made = new Map<string, TFunction>();
    perInstance = made;
    fixedTs.set(i18n, made);
    // A bundle added later (the browser loading another language) may change what a key gives.
    i18n.store.on("added", () => made.clear());
  }
  const id = `${language}|${ns}`;
  let t = perInstance.get(id);
  if (!t) {
    t = memoizedT(i18n.getFixedT(language, ns));
    perInstance.set(id, t);
  }
  return t;
}
