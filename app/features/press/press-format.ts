import { formatDate, formatMoney, numberFormat } from "~/platform/i18n/format";
import { type Language, languageTags } from "~/platform/i18n/languages";
import type { KitFact, LabelledKit, PressFile, PressKit } from "./press-types";

/**
 * Sizes, dates and prices of a press kit in the reader's language, for the zip's fact sheet and
 * for loaders (pages get them as strings: see LabelledKit).
 */

/** "1.2 MB", "1,2 Mo", "340 kB": the unit Intl names in each language. */
export function formatFileSize(bytes: number, lang: Language): string {
  const megabytes = bytes / 1_000_000;
  const [value, unit] = megabytes >= 1 ? [megabytes, "megabyte"] : [Math.max(1, bytes / 1000), "kilobyte"];
  return numberFormat(languageTags[lang], {
    style: "unit",
    unit,
    maximumFractionDigits: unit === "megabyte" ? 1 : 0,
  }).format(value);
}

/** "$59.99 · €59.99 · CA$79.99" in the reader's language. */
export function formatPrices(prices: Array<{ amount: number; currency: string }>, lang: Language): string {
  return prices.map((price) => formatMoney(price.amount, price.currency, lang)).join(" · ");
}

/** The fact sheet's rows in order, on the page and in the zip alike; facts a kit lacks are left out. */
export function kitFacts(kit: Pick<PressKit, "kind" | "facts">, lang: Language): KitFact[] {
  const { facts } = kit;
  const rows: Array<{ key: KitFact["key"]; value: string | null }> = [
    { key: "developer", value: facts.developer },
    { key: "publisher", value: facts.publisher },
    { key: "basedIn", value: facts.basedIn },
    {
      key: kit.kind === "studio" ? "founded" : "releaseDate",
      value: facts.releaseDate && formatDate(facts.releaseDate, lang),
    },
    { key: "platforms", value: facts.platforms.join(", ") || null },
    { key: "website", value: facts.website },
    { key: "price", value: formatPrices(facts.price, lang) || null },
  ];
  return rows.filter((row): row is KitFact => Boolean(row.value));
}

export function withLabels(kit: PressKit, lang: Language): LabelledKit {
  const sized = (file: PressFile) => ({ ...file, size: formatFileSize(file.bytes, lang) });
  return {
    ...kit,
    images: kit.images.map(sized),
    logos: kit.logos.map(sized),
    labels: {
      updated: formatDate(kit.updatedOn, lang),
      zipSize: formatFileSize(kit.download.bytes, lang),
      facts: kitFacts(kit, lang),
    },
  };
}
