import { data, type RouterContextProvider } from "react-router";
import { requestInfoContext, servicesContext } from "~/platform/request-context";
import {
  clientKey,
  consumePoint,
  type RateLimitTier,
  retryAfterSeconds,
  TOO_MANY_REQUESTS,
} from "./rate-limit.server";

/*
 * The rate limits as pages' loaders and actions meet them: the client and the limiters read
 * from the request's context (the limiters themselves, rate-limit.server.ts, know no request
 * context: the services that hold them are built from them).
 */

/**
 * For React Router actions: counts one submission of form `key` for this client and throws a
 * 429 `data()` response (with Retry-After) once the client is over the form tier's limit.
 */
export function consumeFormLimit(context: Readonly<RouterContextProvider>, key: string): Promise<void> {
  return consumeOrRefuse(context, "form", key);
}

/** One point of `tier` for this client and `key`; over the limit, a 429 `data()` with Retry-After. */
async function consumeOrRefuse(
  context: Readonly<RouterContextProvider>,
  tier: RateLimitTier,
  key: string,
): Promise<void> {
  const services = context.get(servicesContext);
  const { clientIp } = context.get(requestInfoContext);
  const refused = await consumePoint(
    services.rateLimits[tier],
    `${key}:${clientKey(clientIp)}`,
    services.logger,
  );
  if (refused) {
    throw data(
      { messages: [TOO_MANY_REQUESTS] },
      { status: 429, headers: { "Retry-After": retryAfterSeconds(refused) } },
    );
  }
}

/**
 * For loaders of pages opened by a private link (a status page): one point of the generous
 * `api` tier per client, so guessing links is slow; over it, a 429 like the forms'.
 */
export function consumePageLimit(context: Readonly<RouterContextProvider>, key: string): Promise<void> {
  return consumeOrRefuse(context, "api", key);
}
