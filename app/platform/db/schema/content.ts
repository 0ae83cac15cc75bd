import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/**
 * Content the studio edits as files under content/ and the loader copies here. Texts shown to
 * visitors are stored per language as { en, fr, es } so one row serves every language.
 */

/** Records which content file was loaded with which hash, so a restart reloads only changes. */
export const contentSources = pgTable("content_sources", {
  path: text("path").primaryKey(),
  hash: text("hash").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The version of the content tree the database holds (one row once content was loaded): the
 * stamp of the folder last loaded (null for a folder without one, loaded into an empty database
 * or in development), the digest of its files and the loader's format. A process loads its own
 * folder only when that folder is newer (features/content/loader.server.ts).
 */
export const contentVersion = pgTable("content_version", {
  /** Always true: the table has one row. */
  only: boolean("only").primaryKey().default(true),
  stampedAt: timestamp("stamped_at", { withTimezone: true }),
  files: text("files").notNull(),
  format: integer("format").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Studio-wide settings: name, logo, social links, website, company size… (content/studio.yaml). */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

export type OfficeAddress = {
  street: string;
  postalCode: string;
  city: string;
  region?: string;
  countryCode: string;
};

export const offices = pgTable("offices", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Localized>().notNull(),
  country: jsonb("country").$type<Localized>().notNull(),
  continent: text("continent").notNull(),
  address: jsonb("address").$type<OfficeAddress>().notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  timezone: text("timezone").notNull(),
  email: text("email"),
  phone: text("phone"),
  summary: jsonb("summary").$type<Localized>().notNull(),
  /** Offices in the EU publish pay on every offer (Directive 2023/970). */
  inEu: boolean("in_eu").notNull().default(false),
  sort: integer("sort").notNull().default(0),
});

/** Teams, position levels and commitments: the careers filters' vocabularies. */
export const taxonomyTerms = pgTable(
  "taxonomy_terms",
  {
    kind: text("kind", { enum: ["team", "level", "commitment"] }).notNull(),
    slug: text("slug").notNull(),
    label: jsonb("label").$type<Localized>().notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slug] })],
);

/** One FAQ model for internships, playtesting and support: a category belongs to a section. */
export const faqCategories = pgTable("faq_categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  section: text("section", { enum: ["internships", "playtesting", "support"] }).notNull(),
  title: jsonb("title").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>(),
  sort: integer("sort").notNull().default(0),
});

export const faqItems = pgTable(
  "faq_items",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => faqCategories.id, { onDelete: "cascade" }),
    title: jsonb("title").$type<Localized>().notNull(),
    /** Markdown per language. */
    description: jsonb("description").$type<Localized>().notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("faq_items_category_idx").on(t.categoryId)],
);

export type JobOfferText = {
  title: string;
  /** Markdown. */
  description: string;
  responsibilities: string[];
  requirements: string[];
};

export type JobSalary = {
  min: number;
  max?: number;
  currency: string;
  period: "YEAR" | "MONTH" | "HOUR";
};

export const jobOffers = pgTable(
  "job_offers",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull(),
    /** Where the offer came from: a content file or a recruiting service. */
    source: text("source").notNull().default("content"),
    externalId: text("external_id"),
    // An offer leaves with its office: without it there is no page it could be shown on (its
    // page shows the office and applies its pay and language rules).
    officeId: integer("office_id")
      .notNull()
      .references(() => offices.id, { onDelete: "cascade" }),
    team: text("team").notNull(),
    level: text("level").notNull(),
    commitment: text("commitment").notNull(),
    /** The offer's text in each language it is published in (not necessarily all three). */
    texts: jsonb("texts").$type<Partial<Localized<JobOfferText>>>().notNull(),
    salary: jsonb("salary").$type<JobSalary>(),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    closesAt: timestamp("closes_at", { withTimezone: true }),
    applyUrl: text("apply_url"),
    /**
     * Whether the role's hiring process has the skills interview or assessment (the fourth of
     * the six steps, "for some roles only"): the application status page and the studio's
     * `applications advance` read it. Offers that do not say (Greenhouse's) keep the full process.
     */
    skillsStep: boolean("skills_step").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the row first appeared on the site (job alerts send offers listed after an alert's
     * confirmation). Only the insert's default sets it: upserts never name it, so edits, syncs
     * and reopening a closed offer keep it (see docs/decisions/0010-job-alerts.md).
     */
    listedAt: timestamp("listed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("job_offers_source_slug_idx").on(t.source, t.slug),
    index("job_offers_published_idx").on(t.publishedAt),
  ],
);

export const games = pgTable("games", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  tagline: jsonb("tagline").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>().notNull(),
  platforms: jsonb("platforms").$type<string[]>().notNull(),
  releaseDate: text("release_date"),
  website: text("website"),
  sort: integer("sort").notNull().default(0),
});

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
