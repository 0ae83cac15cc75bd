import type { Language } from "~/platform/i18n/languages";

/**
 * What a page route may tell the shell through its `handle` export:
 * - `languages`: the languages the page exists in; the switcher offers only these
 *   (docs/requirements.md#languages-and-routes: a careers-location page is only in en and fr).
 * - `backdrop: "login"`: the simple layout's login background
 *   (docs/requirements.md#navigation-and-layout: "The login page has its own background style").
 * - `card: "wide"`: the simple layout's card at a grid's width rather than a form's.
 */
export type LayoutHandle = {
  languages?: Language[];
  backdrop?: "login";
  card?: "wide";
};

/** The deepest route's value for a handle field. */
export function handleValue<K extends keyof LayoutHandle>(
  matches: ReadonlyArray<{ handle?: unknown }>,
  key: K,
): LayoutHandle[K] | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as LayoutHandle | undefined;
    if (handle && handle[key] !== undefined) return handle[key];
  }
  return undefined;
}
