import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Private links to the data-rights page of an address (`/privacy/requests/<token>`): e-mailed to
 * that address only; only the token's SHA-256 is stored. A link lives 24 hours, is deleted with
 * everything else when the person deletes everything, and expired links are purged hourly
 * (features/privacy-requests).
 */
export const privacyLinks = pgTable(
  "privacy_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** Lower case: what the page lists is what is tied to this address. */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("privacy_links_email_idx").on(t.email), index("privacy_links_expires_idx").on(t.expiresAt)],
);
