import {
  isLanguage,
  type Language,
  languages,
  languageTags,
  localizePath,
  splitLanguage,
} from "~/platform/i18n/languages";
import { handleValue } from "~/ui/layouts/handle";

/** Each language's own name for itself, so a visitor finds theirs whatever page they are on. */
export const languageNames: Record<Language, string> = { en: "English", fr: "Français", es: "Español" };

export type LanguageLink = { lang: Language; tag: string; name: string; href: string; current: boolean };

/**
 * The same page in each offered language, keeping the query string
 * (docs/requirements.md#languages-and-routes: "navigates to the same route with lang, keeping the
 * query"). English has no prefix.
 */
export function languageLinks(
  location: { pathname: string; search: string },
  offered: readonly Language[] = languages,
): LanguageLink[] {
  const { lang: current, path } = splitLanguage(location.pathname);
  return offered.map((lang) => ({
    lang,
    tag: languageTags[lang],
    name: languageNames[lang],
    href: `${localizePath(path, lang)}${location.search}`,
    current: lang === current,
  }));
}

/**
 * The languages the deepest route offers: a route may narrow the set with
 * `handle: { languages: [...] }` (docs/requirements.md#languages-and-routes: a careers-location
 * page is only in en and fr).
 */
export function offeredLanguages(matches: ReadonlyArray<{ handle?: unknown }>): readonly Language[] {
  const offered = handleValue(matches, "languages");
  return Array.isArray(offered) ? offered.filter(isLanguage) : languages;
}
