import { type JobFilterKey, jobFilterKeys } from "~/features/jobs";

// Apart from the schema (alert-form.ts) so the alert form renders without loading Zod.

/** The careers filters an alert copies, with the careers pages' names and slug rule. */
export const alertFilterKeys = jobFilterKeys;
export type AlertFilterKey = JobFilterKey;
