import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/**
 * The home page's value panels and awards (content/home.yaml) and its banners
 * (content/banners/{slug}.yaml), copied here by the content loader.
 */

export const valuePanels = pgTable("value_panels", {
  slug: text("slug").primaryKey(),
  title: jsonb("title").$type<Localized>().notNull(),
  body: jsonb("body").$type<Localized>().notNull(),
  icon: text("icon").notNull(),
  sort: integer("sort").notNull().default(0),
});

export const awards = pgTable("awards", {
  slug: text("slug").primaryKey(),
  title: jsonb("title").$type<Localized>().notNull(),
  organization: text("organization").notNull(),
  year: integer("year").notNull(),
  game: text("game"),
  sort: integer("sort").notNull().default(0),
});

/** A promotional banner shown on the home page and by GET /api/multibanners while active. */
export const banners = pgTable("banners", {
  slug: text("slug").primaryKey(),
  title: jsonb("title").$type<Localized>().notNull(),
  body: jsonb("body").$type<Localized>().notNull(),
  linkLabel: jsonb("link_label").$type<Localized>(),
  /** A site path (English form, pages localize it) or an https URL. */
  link: text("link"),
  /** Shown from startsAt to endsAt, both inclusive; null means open-ended on that side. */
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  sort: integer("sort").notNull().default(0),
});
