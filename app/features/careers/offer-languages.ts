import { type Language, languages } from "~/platform/i18n/languages";

/**
 * Offices whose offers are published in French first (Charter of the French Language, Quebec):
 * a version in another language is never more available than the French one.
 */
export const frenchFirstOffices: readonly string[] = ["quebec"];

/**
 * The languages an offer's page is published in (listed, linked as alternates, in the sitemap):
 * at a French-first office only those it is written in; elsewhere every language (the page
 * shows the text in the nearest written language).
 */
export function offerPageLanguages(officeSlug: string, written: readonly Language[]): readonly Language[] {
  return frenchFirstOffices.includes(officeSlug)
    ? languages.filter((lang) => written.includes(lang))
    : languages;
}
