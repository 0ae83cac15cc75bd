import type { TFunction } from "i18next";

/*
 * One translate function's kept answers, shared by the browser's hook (use-translation.ts) and
 * the server's translators (translator.server.ts).
 */

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
 * (`fixedT` in use-translation.ts, `translator` on the server).
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
