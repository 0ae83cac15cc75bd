import { formatMoney } from "~/features/careers/job-display";
import { type Language, languageTags } from "~/platform/i18n/languages";

/** Sizes and prices of a press kit in the reader's language (page and zip alike). */

/** "1.2 MB", "1,2 Mo", "340 kB": the unit the browser's Intl names in each language. */
export function formatFileSize(bytes: number, lang: Language): string {
  const megabytes = bytes / 1_000_000;
  const [value, unit] = megabytes >= 1 ? [megabytes, "megabyte"] : [Math.max(1, bytes / 1000), "kilobyte"];
  return new Intl.NumberFormat(languageTags[lang], {
    style: "unit",
    unit,
    maximumFractionDigits: unit === "megabyte" ? 1 : 0,
  }).format(value);
}

/** "$59.99 · €59.99 · CA$79.99" in the reader's language. */
export function formatPrices(prices: Array<{ amount: number; currency: string }>, lang: Language): string {
  return prices.map((price) => formatMoney(price.amount, price.currency, lang)).join(" · ");
}
