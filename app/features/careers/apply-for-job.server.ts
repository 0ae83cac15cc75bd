/* Applying for a job: the one use case behind the job page's form and the API's applications. */
import type { JobOffer } from "~/features/jobs";
import { HttpError } from "~/platform/http/errors.server";
import { type Outcome, ok, type Refusal, refuse } from "~/platform/http/outcome";
import { failure } from "~/platform/http/outcome.server";
import type { Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { ApplicationRefused, type ApplicationResult, submitApplication } from "./application.server";
import type { ApplicationInput } from "./application-form";

/** The form tier's counter of the application form, spent by the page and the API alike. */
export const applicationLimit = "job-application";

/**
 * Sends an application for an offer found by `applicableOffer` (which the caller answers 404
 * without). A refused résumé is a refusal on the `resume` field; so is a file the upload store
 * refuses (sent without JavaScript), with the store's own texts and status.
 */
export async function applyForJob(
  svc: Pick<Services, "db" | "config" | "logger" | "uploads">,
  job: JobOffer,
  input: ApplicationInput,
  { lang }: { lang: Language },
): Promise<Outcome<ApplicationResult>> {
  try {
    return ok(await submitApplication(svc, job, input, { lang }));
  } catch (err) {
    if (err instanceof ApplicationRefused) {
      // An offer that closed meanwhile concerns the whole application, not the file.
      return err.code === "closed" ? refuse(400, "closed") : refuse(400, err.code, { field: "resume" });
    }
    if (err instanceof HttpError && err.status < 500) {
      return refuse(err.status, "UPLOAD_REFUSED", {
        field: "resume",
        messages: err.messages,
        headers: err.headers,
      });
    }
    return failure(svc.logger, err, "job application failed");
  }
}

/** The page's words for each refusal: the careers catalogue's, under `apply.errors.`. */
export const applicationFormTexts = (refusal: Refusal) =>
  refusal.messages ?? [`careers:apply.errors.${refusal.status >= 500 ? "failed" : refusal.code}`];
