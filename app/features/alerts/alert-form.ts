import { z } from "zod";
import { choice, email, requiredString } from "~/platform/forms/fields";
import { formMessage } from "~/platform/forms/messages";
import { languages } from "~/platform/i18n/languages";

/** The careers filters an alert copies (names agreed with the careers pages). */
export const alertFilterKeys = ["location", "team", "level", "commitment"] as const;
export type AlertFilterKey = (typeof alertFilterKeys)[number];

/**
 * A filter value: an office or taxonomy slug; empty or "all" means any. Which slugs exist is
 * content, so the server checks them against the database (the browser only checks the shape).
 */
const filter = z
  .string()
  .trim()
  .max(60, formMessage("maxLength", { max: 60 }))
  .regex(/^[a-z0-9-]*$/, formMessage("invalidOption"))
  .nullish()
  .transform((value) => (value && value !== "all" ? value : null));

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

/** The create form (SPEC §3): criteria, the address the alerts go to, and a bot trap. */
export const alertCreateSchema = alertCriteriaSchema.extend({
  email: email(),
  /** Honeypot: hidden from people; a bot that fills it is answered as if it had worked. */
  website: z.string().max(200).optional(),
});

export type AlertCriteria = z.output<typeof alertCriteriaSchema>;
export type AlertCreateInput = z.output<typeof alertCreateSchema>;
