import { defaultLanguage, type Language, languages } from "~/platform/i18n/languages";

/**
 * Offices whose offers are published in French first (Charter of the French Language, Quebec):
 * every offer there has a French text, and a version in another language is never more
 * available than the French one.
 */
export const frenchFirstOffices: readonly string[] = ["quebec"];

export function isFrenchFirstOffice(officeSlug: string): boolean {
  return frenchFirstOffices.includes(officeSlug);
}

/**
 * Why an offer at this office may not be published without French, or null when it may: one
 * rule and one wording for the content check and the recruiting sync, which each add their
 * context. `named` puts the office's slug in, as the content check names what a file refers to.
 */
export function frenchFirstRefusal(
  officeSlug: string,
  inFrench: boolean,
  { named = false }: { named?: boolean } = {},
): string | null {
  if (inFrench || !isFrenchFirstOffice(officeSlug)) return null;
  const office = named ? `the Quebec office (${officeSlug})` : "the Quebec office";
  return `offers at ${office} are published in French (Charter of the French Language)`;
}

/**
 * The languages an offer's page is published in (listed, linked as alternates, in the sitemap):
 * at a French-first office only those it is written in; elsewhere every language (the page
 * shows the text in the nearest written language).
 */
export function offerPageLanguages(officeSlug: string, written: readonly Language[]): readonly Language[] {
  return isFrenchFirstOffice(officeSlug) ? languages.filter((lang) => written.includes(lang)) : languages;
}

/**
 * The language an offer's texts are shown in: the requested one when written, else French at a
 * French-first office, else English, else the first language it is written in.
 */
export function offerTextLanguage(
  officeSlug: string,
  written: readonly Language[],
  lang: Language,
): Language {
  if (written.includes(lang)) return lang;
  if (isFrenchFirstOffice(officeSlug) && written.includes("fr")) return "fr";
  if (written.includes(defaultLanguage)) return defaultLanguage;
  return written[0] ?? defaultLanguage;
}
