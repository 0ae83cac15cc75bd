import { jsonb, pgTable, text } from "drizzle-orm/pg-core";

/** Studio-wide settings: name, logo, social links, website, company size… (content/studio.yaml). */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
