import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobOffers } from "~/features/jobs/tables";

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
    /**
     * Where it stands (features/careers/application-stages.ts): one of the six hiring steps,
     * `notSelected` or `withdrawn`; moved by the studio's tool, withdrawn by the applicant.
     */
    stage: text("stage").notNull().default("apply"),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("job_applications_expires_idx").on(t.expiresAt),
    // A lost status link is sent again to the address it was sent from, whatever its case.
    index("job_applications_email_idx").on(sql`lower(${t.email})`),
  ],
);

/** Each stage an application reached and when: the status page's dates. Goes with its application. */
export const jobApplicationStages = pgTable(
  "job_application_stages",
  {
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("job_application_stages_application_idx").on(t.applicationId, t.at)],
);
