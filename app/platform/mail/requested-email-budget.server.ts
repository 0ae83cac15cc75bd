import { consumePoint } from "~/platform/http/rate-limit.server";
import type { Services } from "~/platform/services.server";
import { recipientHash } from "./outbox.server";

/**
 * Some e-mails go to whatever address a visitor types in a form: the lost status links and the
 * data-rights link. The forms' budget is per client (10 posts per 10 minutes), so a dozen
 * clients could send a victim a dozen e-mails; this budget is the address's own, whatever the
 * client: at most 3 such e-mails per address per hour.
 *
 * One budget for both forms, not one each: what it protects is the inbox, which either e-mail
 * fills alike; one each would let 6 an hour through, and nobody needs more than 3 links an
 * hour. Counted in the site's rate-limit store (Redis with REDIS_URL), so every process spends
 * the same budget.
 */
export const REQUESTED_EMAILS_PER_HOUR = 3;

/**
 * Spends one of the address's requested e-mails; false once the hour's are spent. The point is
 * taken by the store's atomic consume before anything is looked up, for every request, so
 * requests sent at once cannot all pass a count made before any of them was counted, and the
 * budget says nothing about whether anything is tied to the address. The caller answers the
 * visitor the same either way and only leaves the e-mail unsent; a refusal is logged under the
 * e-mail's `kind`, without the address. The address is counted under its hash, as the outbox
 * keeps it (`recipientHash`), since the store (Redis) keeps its keys and no address is kept there.
 */
export async function spendRequestedEmail(
  svc: Pick<Services, "rateLimits" | "logger">,
  address: string,
  kind: string,
): Promise<boolean> {
  const limiter = svc.rateLimits.budget("mail:requested", REQUESTED_EMAILS_PER_HOUR, 60 * 60);
  if (!(await consumePoint(limiter, recipientHash(address), svc.logger))) return true;
  svc.logger.info({ kind }, "requested e-mail not sent: the address's hourly budget is spent");
  return false;
}
