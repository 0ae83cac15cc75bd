import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The merchandise shown when no store is configured, loaded from content/merch/*.yaml
 * (features/merch/merch-kind.server.ts).
 */
export const merchProducts = pgTable("merch_products", {
  slug: text("slug").primaryKey(),
  sort: integer("sort").notNull(),
  title: jsonb("title").$type<Record<string, string>>().notNull(),
  /** Decimal string ("29.00") and ISO 4217 code. */
  priceAmount: text("price_amount").notNull(),
  currency: text("currency").notNull(),
  /** A path under public/. */
  image: text("image").notNull(),
  url: text("url"),
});
