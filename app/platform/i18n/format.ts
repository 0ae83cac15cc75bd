import { type Language, languageTags } from "./languages";

/**
 * Making an Intl formatter costs far more than using one (ICU loads the locale's patterns): a
 * legal page spent 1.7 % of its render building the same date formatter again. Formatters are
 * kept per locale and options; there are few of each.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return memo(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return memo(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/**
 * Dates and amounts as a page shows them. Loaders call these on the server and send strings,
 * so the browser's ICU data can never render them differently and break hydration.
 */
export function formatDate(date: string | Date, lang: Language): string {
  return dateTimeFormat(languageTags[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(date));
}

export function formatMoney(amount: number, currency: string, lang: Language): string {
  return numberFormat(languageTags[lang], {
    style: "currency",
    currency,
    maximumFractionDigits: amount % 1 === 0 ? 0 : 2,
  }).format(amount);
}
