import type { i18n as I18n, TFunction } from "i18next";
import { useCallback, useContext, useSyncExternalStore } from "react";
import { I18nContext } from "react-i18next";

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

/**
 * Calls with options kept per translate function. Option values can come from a visitor (a
 * search query, a name), so past this many the lookups start over rather than grow.
 */
export const maxMemoizedCallsWithOptions = 2000;

/**
 * `base` (a fixed language and namespace) with its answers kept: a plain key's, and a key with
 * options whose values are all strings, numbers or booleans (a count, a city's name), which
 * i18next turns into the same text every time for the same catalogs (interpolating, choosing
 * a plural, cost a server render of the careers page 3 % of its CPU, bench/README.md). Options
 * holding anything else (a date, an object to format) and answers that are not texts are not
 * kept. The caller empties the lookups by dropping the function when the catalogs change
 * (`fixedT` above).
 */
export function memoizedT(base: TFunction): TFunction {
  const plain = new Map<string, string>();
  const withOptions = new Map<string, string>();
  const call = base as unknown as (...args: unknown[]) => unknown;
  return ((key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string") return call(key, ...rest);
    if (rest.length === 0) {
      let value = plain.get(key);
      if (value === undefined) {
        value = base(key) as string;
        plain.set(key, value);
      }
      return value;
    }
    const options = rest[0];
    if (rest.length > 1 || !onlyPrimitiveValues(options)) return call(key, ...rest);
    const id = `${key}\u0000${JSON.stringify(options)}`;
    const kept = withOptions.get(id);
    if (kept !== undefined) return kept;
    const value = call(key, options);
    // Only texts: an object (returnObjects) would be shared by callers that may change it.
    if (typeof value !== "string") return value;
    if (withOptions.size >= maxMemoizedCallsWithOptions) withOptions.clear();
    withOptions.set(id, value);
    return value;
  }) as unknown as TFunction;
}

function onlyPrimitiveValues(options: unknown): options is Record<string, string | number | boolean> {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  for (const value of Object.values(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return false;
  }
  return true;
}
