import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Records which content file was loaded with which hash, so a restart reloads only changes. */
export const contentSources = pgTable("content_sources", {
  path: text("path").primaryKey(),
  hash: text("hash").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The version of the content tree the database holds (one row once content was loaded): the
 * stamp of the folder last loaded (null for a folder without one, loaded into an empty database
 * or in development), the digest of its files and the loader's format. A process loads its own
 * folder only when that folder is newer (features/content/loader.server.ts).
 */
export const contentVersion = pgTable("content_version", {
  /** Always true: the table has one row. */
  only: boolean("only").primaryKey().default(true),
  stampedAt: timestamp("stamped_at", { withTimezone: true }),
  files: text("files").notNull(),
  format: integer("format").notNull(),
  loadedAt: timestamp("loaded_at", { withTimezone: true }).notNull().defaultNow(),
});
