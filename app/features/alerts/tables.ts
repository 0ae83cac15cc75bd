import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobOffers } from "~/features/jobs/tables";

/**
 * Job alerts: visitor data. An alert is confirmed on its own (anyone can type any
 * address, so a new alert never inherits another alert's confirmation); the owner of an
 * address manages every confirmed alert of that address with any of their links.
 * Unconfirmed alerts are purged after 7 days; a removed alert is deleted with its tokens and
 * deliveries (cascade).
 */
export const jobAlerts = pgTable(
  "job_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased so one address is one owner however it was typed. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** Office slug and taxonomy slugs; null = any. */
    location: text("location"),
    team: text("team"),
    level: text("level"),
    commitment: text("commitment"),
    language: text("language").notNull(),
    newsletter: boolean("newsletter").notNull().default(false),
    active: boolean("active").notNull().default(true),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * Offers first listed after this instant are sent: set at confirmation and again when a
     * stopped alert is resumed (what opened while it was stopped is not sent afterwards).
     */
    listeningSince: timestamp("listening_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("job_alerts_email_idx").on(t.email),
    index("job_alerts_unconfirmed_idx").on(t.createdAt).where(sql`${t.confirmedAt} is null`),
    // The matcher looks alerts up by an offer's (location, team, level, commitment) or '*' per
    // field (null = any): 16 index probes per offer instead of a scan of every alert.
    index("job_alerts_match_idx")
      .on(
        sql`coalesce(${t.location}, '*')`,
        sql`coalesce(${t.team}, '*')`,
        sql`coalesce(${t.level}, '*')`,
        sql`coalesce(${t.commitment}, '*')`,
      )
      .where(sql`${t.active} and ${t.confirmedAt} is not null`),
  ],
);

/**
 * Management tokens, stored only as SHA-256 hashes. One is minted for the creation e-mail and
 * one per job e-mail (the link in an e-mail must work, and only the hash is kept), so an alert
 * has several valid tokens; all go when the alert goes.
 */
export const jobAlertTokens = pgTable(
  "job_alert_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    alertId: uuid("alert_id")
      .notNull()
      .references(() => jobAlerts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_alert_tokens_alert_idx").on(t.alertId)],
);

/** Which offer was sent to which alert: the primary key makes "never twice" a constraint. */
export const jobAlertDeliveries = pgTable(
  "job_alert_deliveries",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => jobAlerts.id, { onDelete: "cascade" }),
    offerId: integer("offer_id")
      .notNull()
      .references(() => jobOffers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.offerId] })],
);
