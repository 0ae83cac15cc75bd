import { notInArray } from "drizzle-orm";
import { z } from "zod";
import { type ContentReader, defineContentKind, type Unit } from "~/features/content/content-kinds.server";
import { localized } from "~/features/content/schemas";
import { merchProducts } from "~/platform/db/schema";

/**
 * Merchandise as content: `content/merch/<slug>.yaml`, shown on /account/merch and by
 * `GET /api/account/merch` when no MERCH_STORE_URL is set (layout in content/README.md).
 */
const filePattern = /^merch\/([a-z0-9]+(?:-[a-z0-9]+)*)\.yaml$/;

export const merchFileSchema = z.strictObject({
  sort: z.number().int().min(0),
  title: localized,
  price: z.strictObject({
    amount: z.string().regex(/^\d{1,6}\.\d{2}$/, "Must be a decimal amount such as 29.00"),
    currency: z.string().regex(/^[A-Z]{3}$/, "Must be an ISO 4217 code such as CAD"),
  }),
  image: z.string().regex(/^\/images\/[\w/.-]+\.(svg|png|jpg|webp)$/, "Must be a path under public/images"),
  url: z.url({ protocol: /^https$/ }).optional(),
});

type MerchUnit = z.infer<typeof merchFileSchema> & { slug: string };

function parse(reader: ContentReader): Unit<MerchUnit>[] {
  const units: Unit<MerchUnit>[] = [];
  for (const file of [...reader.files.keys()].sort()) {
    const slug = filePattern.exec(file)?.[1];
    if (!slug) continue;
    const data = reader.parseYaml(file, merchFileSchema);
    if (data) units.push({ key: `merch:${slug}`, sources: [file], data: { ...data, slug } });
  }
  return units;
}

export const merchProductsKind = defineContentKind<MerchUnit>({
  name: "merch-products",
  unitKeyOf(file) {
    const slug = filePattern.exec(file)?.[1];
    return slug ? `merch:${slug}` : null;
  },
  parse,
  async store(tx, units, changed) {
    const slugs = units.map((unit) => unit.data.slug);
    const removed = await tx
      .delete(merchProducts)
      .where(slugs.length ? notInArray(merchProducts.slug, slugs) : undefined)
      .returning({ slug: merchProducts.slug });
    const rows = units.filter(changed).map(({ data }) => ({
      slug: data.slug,
      sort: data.sort,
      title: data.title,
      priceAmount: data.price.amount,
      currency: data.price.currency,
      image: data.image,
      url: data.url ?? null,
    }));
    for (const row of rows) {
      const { slug: _slug, ...set } = row;
      await tx.insert(merchProducts).values(row).onConflictDoUpdate({ target: merchProducts.slug, set });
    }
    return { upserted: rows.length, removed: removed.length };
  },
});
