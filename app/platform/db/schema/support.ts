import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";
import { faqItems } from "./content";

/**
 * "Was this helpful?" answers (the FAQ feature): one row per visitor and FAQ answer; voting
 * again replaces the row. The visitor is a random id kept in an HttpOnly cookie; only its
 * SHA-256 hash is stored, so the table holds no personal data. Rows go with their answer.
 */
export const faqVotes = pgTable(
  "faq_votes",
  {
    faqItemId: integer("faq_item_id")
      .notNull()
      .references(() => faqItems.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the visitor cookie's value. */
    visitorHash: char("visitor_hash", { length: 64 }).notNull(),
    helpful: boolean("helpful").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.faqItemId, t.visitorHash] }),
    index("faq_votes_item_helpful_idx").on(t.faqItemId, t.helpful),
  ],
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
