import { z } from "zod";
import { jobFilterValue } from "~/features/jobs";
import { choice, email, requiredString } from "~/platform/forms/fields";
import { languages } from "~/platform/i18n/languages";

/**
 * A filter value: an office or taxonomy slug; empty, "all" or absent means any. Which slugs
 * exist is content, so the server checks them against the database (the browser only checks
 * the shape).
 */
const filter = z
  .preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    jobFilterValue(),
  )
  .nullish()
  .transform((value) => value ?? null);

/** Criteria and name, the part of an alert its owner can edit later. */
export const alertCriteriaSchema = z.object({
  name: requiredString(80),
  location: filter,
  team: filter,
  level: filter,
  commitment: filter,
  language: choice(languages),
  newsletter: z.boolean().optional().default(false),
});

/**
 * The create form (docs/requirements.md#job-alerts): criteria, the address the alerts go to, and a
 * bot trap.
 */
export const alertCreateSchema = alertCriteriaSchema.extend({
  email: email(),
  /** Honeypot: hidden from people; a bot that fills it is answered as if it had worked. */
  website: z.string().max(200).optional(),
});

export type AlertCriteria = z.output<typeof alertCriteriaSchema>;
export type AlertCreateInput = z.output<typeof alertCreateSchema>;
