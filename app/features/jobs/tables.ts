import {
  boolean,
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
import { offices } from "~/features/offices/tables";
import type { Localized } from "~/platform/i18n/languages";

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
    /** Slug of the game the role works on (content `game:`); null: the studio as a whole. */
    game: text("game"),
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
