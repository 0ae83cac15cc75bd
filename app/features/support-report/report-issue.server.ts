/* Reporting an issue: the one use case behind the report page's form and POST /api/issues. */
import { formMessage } from "~/platform/forms/messages";
import { HttpError } from "~/platform/http/errors.server";
import { type Outcome, ok, type Refusal, refuse } from "~/platform/http/outcome";
import { failure } from "~/platform/http/outcome.server";
import type { Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { readServerRefusal } from "~/ui/forms/upload-items";
import type { IssueCommentInput, IssueInput } from "./issue-form";
import { IssueRefused, type IssueResult, submitIssueReport } from "./issue-report.server";
import { addIssueInfo } from "./issue-status.server";

/** The form tier's counter of the report form, spent by the page and the API alike. */
export const issueReportLimit = "issue-report";

/**
 * Sends a report. A game that is not the studio's is a refusal on `game`; a file the upload
 * store refuses (type, size, limits, unknown id) one on `attachments`, with the store's texts.
 */
export async function reportIssue(
  svc: Pick<Services, "db" | "config" | "logger" | "uploads">,
  input: IssueInput,
  { lang }: { lang: Language },
): Promise<Outcome<IssueResult>> {
  try {
    return ok(await submitIssueReport(svc, input, { lang }));
  } catch (err) {
    if (err instanceof IssueRefused) return refuse(400, "forms:validation.invalidOption", { field: "game" });
    return uploadRefusal(err) ?? failure(svc.logger, err, "issue report failed");
  }
}

/**
 * The reporter adds information from the status page (report `id`, found by its link). A report
 * that no longer needs it is a refusal of the whole form; a refused file one on `attachments`.
 */
export async function addInfoToIssue(
  svc: Pick<Services, "db" | "config" | "logger" | "uploads">,
  id: string,
  input: IssueCommentInput,
): Promise<Outcome<{ status: "added" }>> {
  try {
    const change = await addIssueInfo(svc, { id, ...input });
    return change.ok ? ok({ status: "added" }) : refuse(409, "support-report:status.comment.notNeeded");
  } catch (err) {
    return uploadRefusal(err) ?? failure(svc.logger, err, "issue information failed");
  }
}

/** The upload store refused a file (a 4xx of its own): a refusal on `attachments`, with its texts. */
function uploadRefusal(err: unknown): Refusal | null {
  if (!(err instanceof HttpError) || err.status >= 500) return null;
  return refuse(err.status, "UPLOAD_REFUSED", {
    field: "attachments",
    messages: err.messages,
    headers: err.headers,
  });
}

/** The page's words for each refusal; the API states the codes and the store's texts. */
export function issueFormTexts(refusal: Refusal): string[] {
  if (refusal.field === "game") return ["support-report:form.unknownGame"];
  if (refusal.messages) {
    // The store speaks the English texts of docs/requirements.md#validation-messages; the kit's
    // keys show them in the page's language.
    const { errors, message } = readServerRefusal(refusal.messages);
    const keys = [
      ...(errors.type ? [formMessage("fileType")] : []),
      ...(errors.size ? [formMessage("fileSize")] : []),
      ...(message ? [message] : []),
    ];
    return keys.length ? keys : refusal.messages;
  }
  if (refusal.code.startsWith("support-report:")) return [refusal.code];
  return ["support-report:form.failed"];
}
