import type { JobSalary } from "~/features/studio/types";
import { type Language, languageTags } from "~/platform/i18n/languages";

/**
 * Dates and amounts as a page shows them. Loaders call these on the server and send strings,
 * so the browser's ICU data can never render them differently and break hydration.
 */
export function formatDate(iso: string, lang: Language): string {
  return new Intl.DateTimeFormat(languageTags[lang], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(iso),
  );
}

export function formatMoney(amount: number, currency: string, lang: Language): string {
  return new Intl.NumberFormat(languageTags[lang], {
    style: "currency",
    currency,
    maximumFractionDigits: amount % 1 === 0 ? 0 : 2,
  }).format(amount);
}

/** The salary's amounts; the page adds the period ("per year") from its catalog. */
export function formatSalaryAmounts(
  salary: JobSalary,
  lang: Language,
): { min: string; max: string | null; period: JobSalary["period"] } {
  return {
    min: formatMoney(salary.min, salary.currency, lang),
    max: salary.max === undefined ? null : formatMoney(salary.max, salary.currency, lang),
    period: salary.period,
  };
}
