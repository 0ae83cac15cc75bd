import { data } from "react-router";
import { guardPost, requireSession } from "~/features/account/index.server";
import { exportHeldData } from "~/features/account-data/index.server";
import { noStore, postOnly, privatePageHeaders } from "~/platform/cache/page-headers";
import { readForm } from "~/platform/forms/parse-form.server";
import { archiveFilename, archiveResponse, readDownloadChoice } from "~/platform/privacy/archive.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/account-data-download";

/**
 * "Download" and "Download all my data" in the account area (docs/requirements.md#data-rights):
 * a POST of `kind` and `id`, or of `all`, answered with the zip; it changes nothing.
 */
/** Nothing of a download or its refusal may be kept, whatever asks for it. */
export const headers = privatePageHeaders;

/** Only a post downloads: the address alone answers 405. */
export const loader = postOnly;

export async function action(args: Route.ActionArgs) {
  await guardPost(args, "data-download");
  const session = await requireSession(args);
  const services = args.context.get(servicesContext);
  const which = readDownloadChoice(await readForm(args.request));
  if (!which) throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400, headers: noStore });
  const archive = await exportHeldData(services, session.user, which);
  if (!archive) throw data({ messages: ["NOT_FOUND"] }, { status: 404, headers: noStore });
  return archiveResponse(archive, archiveFilename(which));
}
