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
    /** "received" or "answered" (features/contact/contact-status.server.ts). */
    status: text("status").notNull().default("received"),
    /** When the studio marked it answered (`npm run contact -- answered`). */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
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
    /**
     * received, confirmed, needsInfo, fixed or wontFix (features/support-report/issue-status.server.ts);
     * fixed and wontFix are final.
     */
    status: text("status").notNull().default("received"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    /** What information the studio needs (needsInfo), or its note on the last change. */
    note: text("note"),
    /** The patch that fixed it ("<game>/<version>", a `support_patches` key) when fixed. */
    patchKey: text("patch_key"),
    /** When the reporter last added information from the status page. */
    infoAddedAt: timestamp("info_added_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("issue_reports_expires_idx").on(t.expiresAt), index("issue_reports_status_idx").on(t.status)],
);

/** Each status a report reached and when (the status page's dates). Goes with its report. */
export const issueReportStages = pgTable(
  "issue_report_stages",
  {
    reportId: uuid("report_id")
      .notNull()
      .references(() => issueReports.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("issue_report_stages_report_idx").on(t.reportId, t.at)],
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
