/*
 * The job alerts' writes, each one use case behind both the alert pages' forms and the
 * office-job-subscriptions API: creating an alert, and changing or ending one from its link.
 */
import crypto from "node:crypto";
import type { Db } from "~/platform/db/client.server";
import { type Outcome, ok, type Refusal, refuse } from "~/platform/http/outcome";
import { failure } from "~/platform/http/outcome.server";
import { consumePoint, TOO_MANY_REQUESTS } from "~/platform/http/rate-limit.server";
import type { Services } from "~/platform/services.server";
import type { AlertCreateInput, AlertCriteria } from "./alert-form";
import {
  alertByToken,
  createAlert,
  type JobAlert,
  ownedAlert,
  UnknownCriterion,
  updateAlert,
} from "./alerts.server";

/** The form tier's counters of the create form and of the management link's forms. */
export const alertCreateLimit = "job-alert";
export const alertManageLimit = "job-alert-manage";

/** Per address, whatever the client: stops one visitor flooding someone's inbox from many IPs. */
async function consumeAddressLimit(svc: Pick<Services, "rateLimits" | "logger">, email: string) {
  const key = crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
  return !(await consumePoint(svc.rateLimits.form, `alert-address:${key}`, svc.logger));
}

const unknownCriterion = (err: UnknownCriterion) => refuse(400, "INVALID_PARAMETERS", { field: err.field });

/**
 * Creates an alert (see createAlert), once the address's own budget allows another: the answer
 * is the same whether the address had alerts or not.
 */
export async function subscribeToJobs(
  svc: Pick<Services, "db" | "config" | "rateLimits" | "logger">,
  input: AlertCreateInput,
): Promise<Outcome> {
  if (!(await consumeAddressLimit(svc, input.email))) return refuse(429, TOO_MANY_REQUESTS);
  try {
    await createAlert(svc, input);
    return ok();
  } catch (err) {
    if (err instanceof UnknownCriterion) return unknownCriterion(err);
    return failure(svc.logger, err, "job alert creation failed");
  }
}

/** The same 404 for a wrong id, a wrong token or an alert the token does not manage. */
export const ALERT_NOT_FOUND = "NOT_FOUND";

/**
 * The alert `targetId` names, when the link (`id`, `token`) may manage it: the link's alert must
 * be confirmed first (until then its only action is Confirm), then it manages itself and the
 * owner's other confirmed alerts (ownedAlert).
 */
export async function managedAlert(
  db: Db,
  link: { id: string; token: string },
  targetId = link.id,
): Promise<Outcome<{ via: JobAlert; target: JobAlert }>> {
  const via = await alertByToken(db, link.id, link.token);
  const target = via?.confirmedAt ? await ownedAlert(db, via, targetId) : null;
  return via && target ? ok({ via, target }) : refuse(404, ALERT_NOT_FOUND);
}

/** New criteria for a managed alert; one naming no office or term is refused on its field. */
export async function changeAlertCriteria(
  db: Db,
  target: JobAlert,
  criteria: AlertCriteria,
): Promise<Outcome> {
  try {
    await updateAlert(db, target, criteria);
    return ok();
  } catch (err) {
    if (err instanceof UnknownCriterion) return unknownCriterion(err);
    throw err;
  }
}

/** The pages' words for each refusal; the API states the codes ("team: INVALID_PARAMETERS"). */
export const alertFormTexts = (refusal: Refusal) => [
  refusal.field ? "alerts:errors.unknown" : "alerts:failed",
];
