/*
 * Storing a visitor's cookie choice: one use case behind the banner's form without JavaScript
 * (POST /consent, consent.route.ts) and its JavaScript call (POST /api/consents).
 */
import { validationError } from "~/platform/http/errors.server";
import { type Outcome, refuse } from "~/platform/http/outcome";
import { failure } from "~/platform/http/outcome.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import type { Services } from "~/platform/services.server";
import { consentPostSchema } from "./consent.server";
import { type ConsentState, gpcRequested } from "./consent-cookies";
import { recordConsent } from "./consent-records.server";

export type ConsentRequest = {
  /** What was posted: the form's fields or the API's JSON body, read by one schema. */
  post: unknown;
  /** The request's headers, for its origin. */
  headers: Parameters<typeof isCrossOrigin>[0];
  /** The address the request reached (its origin is ours too outside production). */
  requestUrl: string;
  cookieHeader: string | null | undefined;
  /** The Sec-GPC header. */
  gpcHeader: string | null | undefined;
  /** The client's rate-limit key (clientKey of its address): the records' budgets are its. */
  client: string;
};

/**
 * Stores and records the choice (recordConsent), once the post comes from our own pages (it
 * writes the visitor's cookies) and reads as a choice, or as the Global Privacy Control signal
 * alone. Answers the consent now in force and the cookies that store it. No budget stands
 * before the choice: only its record spends them (consent-budgets.server.ts), so that a refusal
 * is always stored.
 */
export async function submitConsent(
  svc: Pick<Services, "db" | "config" | "logger" | "rateLimits">,
  request: ConsentRequest,
): Promise<Outcome<{ consent: ConsentState; setCookies: string[] }>> {
  if (isCrossOrigin(request.headers, { ...svc.config, requestUrl: request.requestUrl })) {
    return refuse(403, "COOKIE_INVALID");
  }
  const parsed = consentPostSchema.safeParse(request.post);
  if (!parsed.success) {
    return refuse(400, "INVALID_PARAMETERS", { messages: validationError(parsed.error).messages });
  }
  try {
    return await recordConsent(svc, {
      post: parsed.data,
      cookieHeader: request.cookieHeader,
      gpc: gpcRequested(request.gpcHeader),
      client: request.client,
    });
  } catch (err) {
    return failure(svc.logger, err, "consent recording failed");
  }
}
