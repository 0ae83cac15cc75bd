import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/**
 * Playtesting. Sites and the survey are content (content/playtests, content/surveys)
 * copied here by the loader; sign-ups and survey answers are visitor data, deleted after
 * PLAYTEST_RETENTION_MONTHS or on request through the e-mailed removal link.
 */

/** Whether a session still takes sign-ups ("open", the default) or has all the testers it needs. */
export const playtestSessionStatuses = ["open", "full"] as const;
export type PlaytestSessionStatus = (typeof playtestSessionStatuses)[number];

/** A focus group (one day at the studio) or an extended playtest (weeks of sessions). */
export const playtestSessionKinds = ["focus-group", "extended"] as const;
export type PlaytestSessionKind = (typeof playtestSessionKinds)[number];

export type PlaytestSession = {
  slug: string;
  kind: PlaytestSessionKind;
  /** Slug of the game played, when the session names one. */
  game?: string;
  title: Localized;
  summary: Localized;
  /** ISO dates (YYYY-MM-DD), inclusive. */
  startsOn: string;
  endsOn: string;
  status: PlaytestSessionStatus;
  /** How many testers the session takes: confirmed, signed and attended sign-ups hold a seat. */
  seats: number;
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
    /**
     * Where the tester stands (features/playtesting/playtest-stages.ts): received, waitlisted,
     * callInvited, sessionInvited, confirmed, signed, attended; or notSelected, declined.
     */
    stage: text("stage").notNull().default("received"),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** The session (a slug of the site's sessions) the tester is invited to or waitlisted for. */
    session: text("session"),
    /** The session's start, local time at the site's office (YYYY-MM-DDTHH:MM), as the studio gave it. */
    sessionAt: text("session_at"),
    /** The same start as an instant (for the reminder 24 hours before). */
    sessionStartsAt: timestamp("session_starts_at", { withTimezone: true }),
    /** The NDA the tester signed on the status page: its version, when, and the full name typed. */
    ndaVersion: integer("nda_version"),
    ndaSignedAt: timestamp("nda_signed_at", { withTimezone: true }),
    ndaName: text("nda_name"),
    /** When the reminder before the session was sent (once). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the retention purge deletes the sign-up and its answers. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("playtest_signups_expires_idx").on(t.expiresAt),
    // A session's seats are counted, and its waitlist read, by session and stage.
    index("playtest_signups_session_idx").on(t.session, t.stage),
    // A lost status link is sent again to the address it was sent from, whatever its case.
    index("playtest_signups_email_idx").on(sql`lower(${t.email})`),
  ],
);

/** Each stage a sign-up reached and when: the status page's dates. Goes with its sign-up. */
export const playtestSignupStages = pgTable(
  "playtest_signup_stages",
  {
    signupId: uuid("signup_id")
      .notNull()
      .references(() => playtestSignups.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    session: text("session"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("playtest_signup_stages_signup_idx").on(t.signupId, t.at)],
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
