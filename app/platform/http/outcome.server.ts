/* A use case's refusal, presented: on the page's form, or as the API's HttpError. */

import { isDatabaseUnreachable } from "~/platform/db/availability.server";
import { isFileStoreUnavailable } from "~/platform/files/file-store.server";
import type { FormReply, FormSuccess } from "~/platform/forms/parse-form.server";
import type { Logger } from "~/platform/logging.server";
import { HttpError } from "./errors.server";
import { type Outcome, type Refusal, refuse } from "./outcome";
import { databaseUnavailable } from "./unavailable.server";

/**
 * Which texts a refusal shows: each caller may say (the page its catalogue keys, say); by default
 * the refusal's own `messages`, else its code.
 */
export type RefusalTexts = (refusal: Refusal) => string[];

/** The form's reply (the action's `lastResult`): on the refused field, else in the summary. */
export function toFormReply(
  refusal: Refusal,
  reply: FormSuccess<unknown>["reply"],
  texts: RefusalTexts = (r) => r.messages ?? [r.code],
): FormReply {
  const shown = texts(refusal);
  return refusal.field ? reply({ fieldErrors: { [refusal.field]: shown } }) : reply({ formErrors: shown });
}

/**
 * The API's error: the refusal's status and headers, its messages. A refusal about a field reads
 * "field: CODE", as the API's schema failures do (errors.server.ts, validationError).
 */
export function toHttpError(
  refusal: Refusal,
  texts: RefusalTexts = (r) => r.messages ?? [r.field ? `${r.field}: ${r.code}` : r.code],
): HttpError {
  return new HttpError(refusal.status, texts(refusal), refusal.headers);
}

/** For an API handler: the outcome's value, or its refusal thrown as the API's HttpError. */
export function orHttpError<T>(outcome: Outcome<T>, texts?: RefusalTexts): T {
  if (!outcome.ok) throw toHttpError(outcome, texts);
  return outcome.value;
}

/**
 * A write that failed for a reason of the site's own (the database, the mailer…): logged once,
 * then refused as 500, which the API answers as INTERNAL_SERVER_ERROR and a page as its form's
 * "could not be sent, try again". An unreachable database or file store is refused as 503 with
 * Retry-After instead (unavailable.server.ts): the write can be tried again soon, and nothing of
 * it was kept.
 */
export function failure(logger: Pick<Logger, "error" | "warn">, err: unknown, what: string): Refusal {
  if (isDatabaseUnreachable(err)) {
    logger.warn({ err }, `${what}: database unreachable`);
    return databaseUnavailable();
  }
  if (isFileStoreUnavailable(err)) {
    logger.warn({ err }, `${what}: file store unreachable`);
    return databaseUnavailable();
  }
  logger.error({ err }, what);
  return refuse(500, "INTERNAL_SERVER_ERROR");
}
