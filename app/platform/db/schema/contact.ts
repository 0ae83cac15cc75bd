import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/**
 * Contact and feedback: visitor data, deleted CONTACT_RETENTION_MONTHS after it was
 * sent (see the privacy page). The e-mail to the team is written to the outbox in the same
 * transaction as the row.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A slug of features/contact/contact-categories.ts. */
    category: text("category").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    language: text("language").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("contact_messages_expires_idx").on(t.expiresAt)],
);

/** Short feedback on a page ("was this page useful?" with a comment): no contact details. */
export const feedbacks = pgTable(
  "feedbacks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The site path the feedback is about. */
    page: text("page").notNull(),
    rating: integer("rating").notNull(),
    message: text("message"),
    language: text("language").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("feedbacks_expires_idx").on(t.expiresAt)],
);

/**
 * Bot-check tokens already accepted (SHA-256), so one token cannot be replayed within its
 * two-minute life; shared by every process through the database, purged after `expiresAt`.
 */
export const captchaTokens = pgTable("captcha_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Problem reports from the support pages: sent to the support address with their
 * attachments (uploads attached as "issue-report:<id>"), deleted with those files after
 * CONTACT_RETENTION_MONTHS.
 */
export const issueReports = pgTable(
  "issue_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    category: text("category").notNull(),
    /** A slug of content/games. */
    game: text("game").notNull(),
    platform: text("platform").notNull(),
    email: text("email").notNull(),
    summary: text("summary").notNull(),
    description: text("description").notNull(),
    language: text("language").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("issue_reports_expires_idx").on(t.expiresAt)],
);

/** A change in a patch (content/patches): what kind and its text in every language. */
export type PatchChange = { kind: "new" | "improved" | "fixed" | "known"; text: Localized };

/**
 * Patch notes (`GET /api/support-patches`): content copied here by the loader
 * (features/patches), one row per game version. `game` is a content game's slug.
 */
export const supportPatches = pgTable(
  "support_patches",
  {
    /** "<game>/<version>", the content unit. */
    key: text("key").primaryKey(),
    game: text("game").notNull(),
    version: text("version").notNull(),
    /** ISO date (YYYY-MM-DD). */
    releasedOn: text("released_on").notNull(),
    title: jsonb("title").$type<Localized>().notNull(),
    platforms: jsonb("platforms").$type<string[]>().notNull(),
    changes: jsonb("changes").$type<PatchChange[]>().notNull(),
  },
  (t) => [index("support_patches_game_idx").on(t.game, t.releasedOn)],
);
