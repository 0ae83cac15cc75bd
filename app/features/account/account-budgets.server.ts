/** The account's failure budgets: wrong passwords and wrong codes, counted before judging. */
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimits } from "~/platform/http/rate-limit.server";
import type { Services } from "~/platform/services.server";
import { type AccountDeps, AccountError, type AccountUser } from "./account-core.server";
import { sha256 } from "./secrets.server";

/**
 * Failure budgets (rate-limiter-flexible, like the site's limiter): 5 wrong passwords per
 * account per 15 minutes (an identifier naming no account has its own); 5 wrong codes per
 * account per 15 minutes.
 */
export type AccountLimits = { login: RateLimiterAbstract; codes: RateLimiterAbstract };

export function createAccountLimits(rateLimits: Pick<RateLimits, "budget">): AccountLimits {
  return {
    login: rateLimits.budget("account:login", 5, 900),
    codes: rateLimits.budget("account:codes", 5, 900),
  };
}

/**
 * The failure budgets live in the site's rate-limit store (Redis when configured), so every
 * process behind a load balancer counts the same failures; API and pages share them.
 */
export function accountDeps(svc: Services): AccountDeps {
  return { db: svc.db, config: svc.config, logger: svc.logger, limits: createAccountLimits(svc.rateLimits) };
}

/**
 * Runs one attempt (a password or a code) against a failure budget. Its point is spent before
 * the attempt is judged, by the store's atomic consume, so attempts sent at once cannot all pass
 * a check made before any of them was counted; once the budget is spent even a right answer is
 * refused. An attempt that succeeds (a truthy answer) gives its point back.
 */
export async function withinBudget<T>(limiter: RateLimiterAbstract, key: string, attempt: () => Promise<T>) {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new AccountError(429, "TOO_MANY_REQUESTS");
    throw err;
  }
  const result = await attempt();
  // A point not given back (the store failing now) only shortens the budget.
  if (result) await limiter.reward(key).catch(() => undefined);
  return result;
}

/**
 * Whose budget a password attempt spends: the account's, whichever spelling named it (username
 * or address, any case); an identifier naming no account has a budget of its own, so unknown
 * and known identifiers are answered alike.
 */
export const passwordBudget = (user: AccountUser | undefined, identifier = "") =>
  user ? `account:${user.id}` : `identifier:${sha256(identifier.trim().toLowerCase())}`;
