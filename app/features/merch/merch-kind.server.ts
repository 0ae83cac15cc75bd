import { z } from "zod";
import { localized } from "~/features/content";
import {
  type ContentKind,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import { merchProducts } from "./tables";

/**
 * Merchandise as content: `content/merch/<slug>.yaml`, shown on /account/merch and by
 * `GET /api/account/merch` when no MERCH_STORE_URL is set (layout in content/README.md).
 */
const filePattern = new RegExp(String.raw`^merch\/(${slugPattern})\.yaml$`);

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

const merchFiles: YamlFiles<typeof merchFileSchema, MerchUnit> = {
  pattern: filePattern,
  key: ([, slug]) => `merch:${slug}`,
  schema: merchFileSchema,
  unit: (data, [, slug]) => ({ ...data, slug: slug! }),
};

export const merchProductsKind: ContentKind<MerchUnit> = {
  name: "merch-products",
  unitKeyOf: (file) => yamlFileKey(merchFiles, file),
  parse: (reader) => parseYamlFiles(reader, merchFiles),
  // The product's picture is a file under public/: the content check reports one that is gone.
  assets: (units) =>
    units.map(({ data, sources }) => ({ file: sources[0]!, field: "image", asset: data.image })),
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: merchProducts,
      key: merchProducts.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        sort: data.sort,
        title: data.title,
        priceAmount: data.price.amount,
        currency: data.price.currency,
        image: data.image,
        url: data.url ?? null,
      }),
    }),
};
