import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Accounts. Every secret is stored only as a hash: passwords as Argon2id, session
 * ids, e-mailed tokens, codes and recovery codes as SHA-256 of 256-bit (or single-use, short-lived)
 * random values. Deleting a user cascades to everything below.
 */
export const accountUsers = pgTable("account_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** As typed (display); `usernameKey` (lower case) is what must be unique. */
  username: text("username").notNull(),
  usernameKey: text("username_key").notNull().unique(),
  /** Lower case. */
  email: text("email").notNull().unique(),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  passwordHash: text("password_hash").notNull(),
  /** ISO date (YYYY-MM-DD). */
  dateOfBirth: text("date_of_birth").notNull(),
  /** Version of the terms of service last accepted. */
  tosVersion: integer("tos_version").notNull(),
  language: text("language").notNull(),
  /** Base32 TOTP secret; set by addtotp, in use once `totpEnabledAt` is set. */
  totpSecret: text("totp_secret"),
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** E.164 number receiving second-factor codes by text message; in use once `smsEnabledAt` is set. */
  phone: text("phone"),
  smsEnabledAt: timestamp("sms_enabled_at", { withTimezone: true }),
  /** The last TOTP time step accepted: a code of that step or earlier is refused (no replay). */
  totpLastStep: integer("totp_last_step"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const accountSessions = pgTable(
  "account_sessions",
  {
    /** SHA-256 of the cookie's random value. */
    idHash: text("id_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => accountUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute: at most 172800 s after sign-in (docs/requirements.md#account-and-second-factor). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("account_sessions_user_idx").on(t.userId),
    index("account_sessions_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Single-use secrets sent to the holder: e-mail verification and password reset links, the
 * e-mail change code, the login second-factor challenge, recovery codes (no expiry).
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    hash: text("hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => accountUsers.id, { onDelete: "cascade" }),
    purpose: text("purpose", {
      enum: ["verify", "reset", "email-change", "mfa-login", "recovery", "sms-setup", "sms-login"],
    }).notNull(),
    /** The new address for `email-change`. */
    data: text("data"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId, t.purpose)],
);
