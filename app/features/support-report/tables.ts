import {
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

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

/** Where a known issue stands, as the studio publishes it. */
export const knownIssueStatuses = ["investigating", "fixInProgress", "fixed"] as const;
export type KnownIssueStatus = (typeof knownIssueStatuses)[number];

/**
 * Known issues (support-report feature, docs/requirements.md#known-issues): what the studio
 * published in `content/known-issues/`, copied here by the content loader. Only these are ever
 * suggested to a player typing a report; players' reports never are. How many players are
 * affected is counted from known_issue_affected (one row per "Me too" visitor), which a content
 * reload leaves alone: the loader writes only the content's columns.
 */
export const knownIssues = pgTable(
  "known_issues",
  {
    id: serial("id").primaryKey(),
    /** The file name, the issue's address in the API. */
    slug: text("slug").notNull().unique(),
    /** A content game's slug. */
    game: text("game").notNull(),
    /** The report form's platform values it happens on; null: every platform. */
    platforms: jsonb("platforms").$type<string[] | null>(),
    status: text("status", { enum: knownIssueStatuses }).notNull(),
    /** The patch that fixed it (fixed) or will (fixInProgress), when the studio names one. */
    patch: text("patch"),
    /** ISO date (YYYY-MM-DD); suggested from that day on. */
    publishedOn: text("published_on").notNull(),
    title: jsonb("title").$type<Localized>().notNull(),
    text: jsonb("text").$type<Localized>().notNull(),
  },
  (t) => [index("known_issues_game_idx").on(t.game, t.publishedOn)],
);

/**
 * Who pressed "Me too" on a known issue: the hash of the anonymous visitor cookie
 * (app/platform/privacy/anonymous-visitor.server.ts), once per issue; rows go with their issue.
 */
export const knownIssueAffected = pgTable(
  "known_issue_affected",
  {
    knownIssueId: integer("known_issue_id")
      .notNull()
      .references(() => knownIssues.id, { onDelete: "cascade" }),
    visitorHash: char("visitor_hash", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.knownIssueId, t.visitorHash] })],
);
