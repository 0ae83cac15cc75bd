import { type Language, languageTags } from "./languages";

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
