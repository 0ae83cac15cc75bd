import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountUsers } from "./account";

/**
 * Proof of cookie consent, pseudonymous: one row per choice, filed under the random consent id
 * of the visitor's strictly necessary `cookieconsent_record` cookie. No IP address, no browser
 * details; an account only when the visitor was signed in (unlinked when it is deleted).
 * Deleted CONSENT_RECORD_RETENTION_MONTHS after it was made (see the privacy page).
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    consentId: uuid("consent_id").notNull(),
    /** The revision of the consent policy (content/consent.yaml) the choice was made under. */
    revision: integer("revision").notNull(),
    analytics: boolean("analytics").notNull(),
    /** How the choice was given: a button, the browser's privacy signal, or a withdrawal. */
    method: text("method", { enum: ["accept-all", "confirm", "reject", "gpc", "withdrawal"] }).notNull(),
    accountId: uuid("account_id").references(() => accountUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_records_consent_idx").on(t.consentId, t.createdAt),
    index("consent_records_created_idx").on(t.createdAt),
  ],
);
