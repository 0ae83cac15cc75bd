import { data } from "react-router";
import { exportByPrivacyLink } from "~/features/privacy-requests/index.server";
import { noStore, postOnly, privatePageHeaders } from "~/platform/cache/page-headers";
import { readForm } from "~/platform/forms/parse-form.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { archiveFilename, archiveResponse, readDownloadChoice } from "~/platform/privacy/archive.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/privacy-requests-download";

/**
 * "Download" and "Download everything" on the data-rights page (docs/requirements.md#data-rights):
 * a POST of `kind` and `id`, or of `all`, answered with the zip of the address's submissions,
 * never of its account (only a sign-in downloads that); it changes nothing.
 */
/** Nothing of a download or its refusal may be kept, whatever asks for it. */
export const headers = privatePageHeaders;

/** Only a post downloads: the address alone answers 405. */
export const loader = postOnly;

export async function action(args: Route.ActionArgs) {
  await consumeFormLimit(args.context, "privacy-download");
  const services = args.context.get(servicesContext);
  const which = readDownloadChoice(await readForm(args.request));
  if (!which) throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400, headers: noStore });
  const archive = await exportByPrivacyLink(services, args.params.token, which);
  if (!archive) throw data({ messages: ["NOT_FOUND"] }, { status: 404, headers: noStore });
  return archiveResponse(archive, archiveFilename(which));
}
