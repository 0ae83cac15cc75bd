import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobOffers } from "./content";

/**
 * Job applications sent through the site's own form (offers without a recruiting service's
 * apply page, and open applications). Visitor data: deleted with their résumé once
 * CAREERS_APPLICATION_RETENTION_MONTHS have passed (features/careers/application.server.ts).
 */
export const jobApplications = pgTable(
  "job_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The offer; kept as a title too, since an offer may leave the content before the purge. */
    jobOfferId: integer("job_offer_id").references(() => jobOffers.id, { onDelete: "set null" }),
    jobTitle: text("job_title").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164. */
    phone: text("phone").notNull(),
    coverLetter: text("cover_letter"),
    portfolioUrl: text("portfolio_url"),
    language: text("language").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("job_applications_expires_idx").on(t.expiresAt)],
);
