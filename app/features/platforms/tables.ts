import { index, pgEnum, pgTable, primaryKey, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { accountUsers } from "~/features/account/tables";

/**
 * The game platforms an account may link, in the order pages show them: Steam by OpenID 2.0, the
 * others by OAuth 2.0.
 */
export const accountPlatform = pgEnum("account_platform", ["steam", "twitch", "galaxy", "ggp"]);

/**
 * Linked platforms: one per platform per account, and one platform identity belongs
 * to one account at most. Only the platform's id and display name are kept, until unlinked or
 * the account is deleted (cascade).
 */
export const accountPlatformLinks = pgTable(
  "account_platform_links",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accountUsers.id, { onDelete: "cascade" }),
    platform: accountPlatform("platform").notNull(),
    externalId: text("external_id").notNull(),
    displayName: text("display_name").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.platform] }),
    unique("account_platform_links_identity").on(t.platform, t.externalId),
  ],
);

/**
 * Sign-ins in flight at a platform: the `state` sent there (stored as its SHA-256), the PKCE
 * verifier (OAuth), whether it signs in or links, and for a link the account. Taken once with
 * DELETE … RETURNING; at most 10 minutes old.
 */
export const accountPlatformStates = pgTable(
  "account_platform_states",
  {
    hash: text("hash").primaryKey(),
    platform: accountPlatform("platform").notNull(),
    purpose: text("purpose", { enum: ["login", "connect"] }).notNull(),
    accountId: uuid("account_id").references(() => accountUsers.id, { onDelete: "cascade" }),
    codeVerifier: text("code_verifier"),
    /** The page language to come back to. */
    language: text("language").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("account_platform_states_expires_idx").on(t.expiresAt)],
);

/**
 * Steam's `openid.response_nonce` values already accepted: a positive assertion is good once.
 * Kept until the nonce's own time stamp is too old to be accepted anyway.
 */
export const openidNonces = pgTable(
  "openid_nonces",
  {
    nonce: text("nonce").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("openid_nonces_expires_idx").on(t.expiresAt)],
);
