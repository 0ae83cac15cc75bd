import type { RateLimiterRes } from "rate-limiter-flexible";
import { consumeAll, consumePoint, type RateLimits } from "~/platform/http/rate-limit.server";
import type { Logger } from "~/platform/logging.server";

/**
 * What the records of cookie choices may cost (docs/decisions/0042): budgets on the records,
 * never on the choices. A refusal and the Global Privacy Control signal are stored whatever is
 * left of them (the record is skipped, never the choice); a grant, which is lawful only with its
 * proof, is refused while its record cannot be written.
 */

/** The form tier's key of the consent posts: each client's (IP address's) records of choices. */
export const consentLimit = "consent";

/** Records of choices filed under one consent id per 10 minutes: a few clicks, not a script. */
export const RECORDS_PER_CONSENT_ID = 5;
const RECORDS_WINDOW_SECONDS = 10 * 60;

/** Records of the signal alone from clients without a consent id: one per address per day. */
const SIGNALS_PER_CLIENT_PER_DAY = 1;
const DAY_SECONDS = 24 * 60 * 60;

export type ConsentBudgets = {
  /**
   * Spends the budgets of one record of a choice: its consent id's (when the visitor already has
   * one: a new id has spent nothing yet) and its client's form budget, which bounds what made-up
   * ids could write. All or none (consumeAll); resolves to the refusal when one is spent.
   */
  record(consentId: string | null, client: string): Promise<RateLimiterRes | undefined>;
  /**
   * Spends the client's one record a day of the signal sent without a consent id (a browser that
   * has made no choice: its signal gets no id of its own); false when spent.
   */
  anonymousSignal(client: string): Promise<boolean>;
};

/** The budgets, counted in the site's rate-limit store (Redis with REDIS_URL: every process). */
export function consentBudgets(rateLimits: RateLimits, logger: Logger): ConsentBudgets {
  const perId = rateLimits.budget("consent:id", RECORDS_PER_CONSENT_ID, RECORDS_WINDOW_SECONDS);
  const signals = rateLimits.budget("consent:gpc", SIGNALS_PER_CLIENT_PER_DAY, DAY_SECONDS);
  return {
    record: (consentId, client) =>
      consumeAll(
        [
          ...(consentId ? [[perId, consentId] as const] : []),
          [rateLimits.form, `${consentLimit}:${client}`] as const,
        ],
        logger,
      ),
    anonymousSignal: async (client) => !(await consumePoint(signals, client, logger)),
  };
}
