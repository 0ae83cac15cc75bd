import { z } from "zod";
import { languages } from "~/platform/i18n/languages";
import { slugSchema } from "~/platform/text/slug-schema";

/**
 * Field rules the content kinds share. Each kind's file schema lives in its feature, beside the
 * code that reads the rows it becomes; these are the pieces they are built from.
 */

export const text = z.string().trim().min(1);
export const slug = slugSchema("Must be a lowercase slug (a-z, 0-9, -)", { max: false });
/** A path under public/, as pages reference it. */
export const publicPath = z
  .string()
  .regex(/^\/[\w\-./]+\.(svg|png|jpe?g|webp|avif)$/, "Must be a path under public/");
export const httpsUrl = z.url({ protocol: /^https$/ });
/** A site path (English form, the page localizes it) or an external https URL. */
export const link = z.union([z.string().regex(/^\/[\w\-/#?=&]*$/), httpsUrl]);

/** A text in every language the site serves. */
export const localized = z.strictObject(
  Object.fromEntries(languages.map((lang) => [lang, text])) as Record<
    (typeof languages)[number],
    typeof text
  >,
);

/** A list whose items' `slug`s are unique, the duplicate named at its index. */
export function uniqueSlugs<T extends { slug: string }>(
  items: T[],
  ctx: z.RefinementCtx,
  path: PropertyKey[] = [],
) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    if (seen.has(item.slug)) {
      ctx.addIssue({ code: "custom", path: [...path, i, "slug"], message: `Duplicate slug "${item.slug}"` });
    }
    seen.add(item.slug);
  });
}

/** Where a picture's subject sits, in percent of its width and height. */
export const focus = z.strictObject({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) });

/** A rectangle in a scene's own units (its SVG's viewBox). */
export const box = z.strictObject({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});
