import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A file attached to an outbox e-mail: a path inside the upload store, its name and type. */
/**
 * A file sent with an e-mail: `file` is its key in the file store (read at sending time by
 * whichever process delivers it); `path`, a local file, is how e-mails queued before the file
 * store named them.
 */
export type OutboxAttachment = { filename: string; contentType: string } & (
  | { file: string; path?: undefined }
  | { path: string; file?: undefined }
);

/**
 * Every e-mail is written here in the same transaction as the data that caused it; the mail
 * worker delivers it with retries, so nothing is lost when SMTP is down (see mail/outbox.server.ts).
 * Once delivered, or given up, a row keeps only what it was about, when, and its recipient's
 * hash: its recipient, texts, headers and attachments are cleared in the same update
 * (docs/decisions/0047-outbox-keeps-no-copy.md), which the check below holds.
 */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the e-mail is for (e.g. "alert-confirm"): logs and tests find messages by it. */
    kind: text("kind").notNull(),
    /**
     * The item the e-mail is about, as the feature that queued it names it ("application" and
     * the application's id, "account" and the account's…): deleting the item deletes its
     * e-mails (`deleteEmailsAbout`). Text and no foreign key: the outbox knows no feature's
     * table. Null only on rows queued before items were named that could not be matched.
     */
    itemKind: text("item_kind"),
    itemId: text("item_id"),
    /** Null once delivered or given up, like `subject`, `html` and `text`. */
    to: text("to"),
    /** SHA-256 of the recipient, lower-cased (`recipientHash`): what is kept of it. */
    recipientHash: text("recipient_hash"),
    subject: text("subject"),
    html: text("html"),
    text: text("text"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last failed try's error, the recipient's address written `<recipient>`. */
    lastError: text("last_error"),
    /**
     * Files sent with the e-mail (issue reports' uploads): read from the upload store when the
     * e-mail is delivered, so the row stays small.
     */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_item_idx").on(t.itemKind, t.itemId),
    // A pending e-mail has what it sends; a delivered or given-up one has none of it.
    check(
      "outbox_emails_stripped_when_done",
      sql`case when ${t.status} = 'pending'
        then ${t.to} is not null and ${t.subject} is not null and ${t.html} is not null and ${t.text} is not null
        else ${t.to} is null and ${t.subject} is null and ${t.html} is null and ${t.text} is null
          and ${t.headers} = '{}'::jsonb and ${t.attachments} = '[]'::jsonb and ${t.recipientHash} is not null
        end`,
    ),
  ],
);

/**
 * Files visitors upload (issue reports, résumés). The bytes live outside the web root under
 * the row's id; an upload not attached to anything within a day is purged.
 */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    originalName: text("original_name").notNull(),
    /** The type the content sniffed as, never the client's claim. */
    mimeType: text("mime_type").notNull(),
    extension: text("extension").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    /** Payload fields sent with the file (e.g. the form it belongs to). */
    payload: jsonb("payload").$type<Record<string, string>>().notNull().default({}),
    /** Hash of the token that lets the uploader delete it before it is attached. */
    deleteTokenHash: text("delete_token_hash").notNull(),
    attachedTo: text("attached_to"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_unattached_idx").on(t.attachedTo, t.createdAt)],
);
