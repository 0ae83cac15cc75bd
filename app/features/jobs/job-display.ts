import { formatMoney } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import type { JobSalary } from "./types";

/** The salary's amounts as the page shows them; the page adds the period ("per year") from its catalog. */
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
