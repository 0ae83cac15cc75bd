import { asc } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
import type { MerchProduct } from "./merch-product";
import { merchProducts } from "./tables";

export type MerchAnswer = { ok: true; products: MerchProduct[] } | { ok: false; status: number };

/**
 * What the store must answer at `GET {MERCH_STORE_URL}/products.json`: Shopify's public product
 * list. Extra fields are ignored; a product without a variant has no price and is left out.
 */
const upstreamSchema = z.object({
  products: z.array(
    z.object({
      id: z.union([z.number(), z.string()]),
      title: z.string().min(1),
      handle: z.string().min(1),
      variants: z.array(z.object({ price: z.string().regex(/^\d+(\.\d{1,2})?$/) })),
      images: z.array(z.object({ src: z.url() })).default([]),
    }),
  ),
});

const cacheTtlMs = 60_000;
const timeoutMs = 5000;
let cached: { url: string; at: number; products: MerchProduct[] } | undefined;

/** Tests start each case with an empty cache. */
export function forgetMerchCache() {
  cached = undefined;
}

/**
 * The store's products, kept 60 s in memory (the list changes rarely; the store is spared a call
 * per page view). A failure is not cached and answers the store's own HTTP status
 * (docs/requirements.md#linked-platforms-and-merch: merch returns the HTTP status); no answer
 * within 5 s is 504, an unreachable store 503, and a list not of the expected shape 502.
 */
async function storeProducts(
  config: Pick<Config, "MERCH_STORE_URL" | "MERCH_STORE_CURRENCY">,
  now: number,
): Promise<MerchAnswer> {
  const base = config.MERCH_STORE_URL!.replace(/\/$/, "");
  if (cached && cached.url === base && now - cached.at < cacheTtlMs)
    return { ok: true, products: cached.products };
  let res: Response;
  try {
    res = await fetch(`${base}/products.json`, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    return { ok: false, status: (err as Error)?.name === "TimeoutError" ? 504 : 503 };
  }
  if (!res.ok) return { ok: false, status: res.status };
  const parsed = upstreamSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return { ok: false, status: 502 };
  const origin = new URL(base).origin;
  const products = parsed.data.products.flatMap((p) =>
    p.variants[0]
      ? [
          {
            id: String(p.id),
            title: p.title,
            price: { amount: Number(p.variants[0].price).toFixed(2), currency: config.MERCH_STORE_CURRENCY },
            image: p.images[0]?.src ?? null,
            url: `${origin}/products/${encodeURIComponent(p.handle)}`,
          },
        ]
      : [],
  );
  cached = { url: base, at: now, products };
  return { ok: true, products };
}

async function contentProducts(db: Db, lang: Language): Promise<MerchAnswer> {
  const rows = await db
    .select()
    .from(merchProducts)
    .orderBy(asc(merchProducts.sort), asc(merchProducts.slug));
  return {
    ok: true,
    products: rows.map((row) => ({
      id: row.slug,
      title: row.title[lang] ?? row.title.en ?? row.slug,
      price: { amount: row.priceAmount, currency: row.currency },
      image: row.image,
      url: row.url,
    })),
  };
}

/**
 * Merch (docs/requirements.md#linked-platforms-and-merch): the store's list when MERCH_STORE_URL is
 * set, else the content's products.
 */
export function merchList(
  deps: { db: Db; config: Pick<Config, "MERCH_STORE_URL" | "MERCH_STORE_CURRENCY"> },
  lang: Language,
  now = Date.now(),
): Promise<MerchAnswer> {
  return deps.config.MERCH_STORE_URL ? storeProducts(deps.config, now) : contentProducts(deps.db, lang);
}
