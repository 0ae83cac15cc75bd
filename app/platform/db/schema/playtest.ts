import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/**
 * Playtesting. Sites and the survey are content (content/playtests, content/surveys)
 * copied here by the loader; sign-ups and survey answers are visitor data, deleted after
 * PLAYTEST_RETENTION_MONTHS or on request through the e-mailed removal link.
 */

export type PlaytestSession = {
  slug: string;
  kind: "focus-group" | "extended";
  title: Localized;
  summary: Localized;
  /** ISO dates (YYYY-MM-DD), inclusive. */
  startsOn: string;
  endsOn: string;
  status: "open" | "full";
};

/** A place playtests happen, served by an office (Selangor by the Kuala Lumpur studio). */
export const playtestSites = pgTable("playtest_sites", {
  slug: text("slug").primaryKey(),
  /** Slug of the office that runs the site's sessions. */
  office: text("office").notNull(),
  name: jsonb("name").$type<Localized>().notNull(),
  sessions: jsonb("sessions").$type<PlaytestSession[]>().notNull(),
  sort: integer("sort").notNull().default(0),
});

/** Surveys as content: the definition the API serves and validates answers against. */
export const surveys = pgTable("surveys", {
  code: text("code").primaryKey(),
  definition: jsonb("definition").notNull(),
});

export const playtestSignups = pgTable(
  "playtest_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    site: text("site").notNull(),
    /** ISO date (YYYY-MM-DD). */
    dateOfBirth: text("date_of_birth").notNull(),
    language: text("language").notNull(),
    /** SHA-256 of the one-time survey token (the token itself is only in the visitor's hands). */
    surveyTokenHash: text("survey_token_hash").notNull().unique(),
    surveyUsedAt: timestamp("survey_used_at", { withTimezone: true }),
    /** SHA-256 of the removal token sent in the confirmation e-mail. */
    removalTokenHash: text("removal_token_hash").notNull().unique(),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the retention purge deletes the sign-up and its answers. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("playtest_signups_expires_idx").on(t.expiresAt)],
);

export const surveyResponses = pgTable("survey_responses", {
  id: uuid("id").primaryKey().defaultRandom(),
  signupId: uuid("signup_id")
    .notNull()
    .unique()
    .references(() => playtestSignups.id, { onDelete: "cascade" }),
  survey: text("survey").notNull(),
  answers: jsonb("answers").$type<Record<string, string | string[] | number>>().notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
