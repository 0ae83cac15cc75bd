import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
