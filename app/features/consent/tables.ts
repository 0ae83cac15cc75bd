import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accountUsers } from "~/features/account/tables";

/**
 * Proof of cookie consent, pseudonymous: one row per choice, filed under the random consent id
 * of the visitor's strictly necessary `cookieconsent_record` cookie. No IP address, no browser
 * details (but whether it carried the Global Privacy Control signal); an account only when the
 * visitor was signed in (unlinked when it is deleted).
 * Deleted CONSENT_RECORD_RETENTION_MONTHS after it was made (see the privacy page).
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    consentId: uuid("consent_id").notNull(),
    /** The revision of the consent policy (content/consent.yaml) the choice was made under. */
    revision: integer("revision").notNull(),
    /**
     * The effective revision the choice was made under, as the record cookie carried it: the
     * policy's revision and, when outside providers were configured, a digest of their origins
     * (`1`, `1-1a2b3c4d`; docs/decisions/0042).
     */
    effectiveRevision: text("effective_revision").notNull(),
    /** The origins of the outside providers the choice covered (empty: first-party only). */
    providers: text("providers").array().notNull().default(sql`'{}'::text[]`),
    analytics: boolean("analytics").notNull(),
    /**
     * How the choice was given: a button, the browser's privacy signal, a withdrawal, or an
     * embed's "Always load" ticked (`embed`, the players then in `embeds`).
     */
    method: text("method", {
      enum: ["accept-all", "confirm", "reject", "gpc", "withdrawal", "embed"],
    }).notNull(),
    /**
     * The language of the banner the choice was made on and a digest of its texts in that
     * language (`consentTextVersion`): what the visitor read. Null on records made before
     * they were kept, and when the request did not say (an API client).
     */
    language: text("language"),
    textVersion: text("text_version"),
    /** The players the visitor chose to always load (`youtube`…), for an `embed` record. */
    embeds: text("embeds").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The request carried Global Privacy Control: a grant made so is the visitor's own choice
     * over the signal, and stands when the signal comes again (docs/decisions/0042).
     */
    gpc: boolean("gpc").notNull().default(false),
    accountId: uuid("account_id").references(() => accountUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_records_consent_idx").on(t.consentId, t.createdAt),
    index("consent_records_created_idx").on(t.createdAt),
  ],
);
