/**
 * The one place that says which languages the site serves. The specification has three readings
 * of the supported set (en/fr/es from the shell, en/fr/ru from the navigation check, en/fr from
 * the store and copy; docs/requirements.md#languages-and-routes); we ship en/fr/es, see
 * docs/decisions/0003-i18n.md.
 */
export const languages = ["en", "fr", "es"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** BCP 47 tags for <html lang>, hreflang and Intl: French is Quebec French. */
export const languageTags: Record<Language, string> = { en: "en", fr: "fr-CA", es: "es" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

/** A text in every language, as content stores it. */
export type Localized<T = string> = Record<Language, T>;

/**
 * Picks the text for a language, falling back to English
 * (docs/requirements.md#languages-and-routes: en is the fallback).
 */
export function pick<T>(
  value: Partial<Record<Language, T>> | null | undefined,
  lang: Language,
): T | undefined {
  return value?.[lang] ?? value?.[defaultLanguage];
}

/**
 * The path of a page in a language: English has no prefix, others do
 * (docs/requirements.md#languages-and-routes). `path` is the English path, starting with "/".
 */
export function localizePath(path: string, lang: Language): string {
  if (lang === defaultLanguage) return path;
  // A query or fragment stays after the prefixed path: "/#games" is "/fr#games", not "/fr/#games".
  const end = path.search(/[?#]/);
  const [pathname, rest] = end < 0 ? [path, ""] : [path.slice(0, end), path.slice(end)];
  return pathname === "/" ? `/${lang}${rest}` : `/${lang}${pathname}${rest}`;
}

/** Splits a pathname into its language and the English path. */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const [, first, ...rest] = pathname.split("/");
  if (isLanguage(first)) {
    return { lang: first, path: `/${rest.join("/")}` };
  }
  return { lang: defaultLanguage, path: pathname || "/" };
}
