import { exportByStatusLink } from "~/features/status/index.server";
import { postOnly, privatePageHeaders } from "~/platform/cache/page-headers";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { archiveResponse } from "~/platform/privacy/archive.server";
import { servicesContext } from "~/platform/request-context";
import { statusLinkRefusal } from "~/platform/status/links.server";
import type { Route } from "./+types/status-download";

/**
 * "Download my data" on a status page (docs/requirements.md#data-rights): a POST (it is a form
 * on the page) answered with the zip; it changes nothing.
 */
/** Nothing of a download or its refusal may be kept, whatever asks for it. */
export const headers = privatePageHeaders;

/** Only a post downloads: the address alone answers 405. */
export const loader = postOnly;

export async function action(args: Route.ActionArgs) {
  await consumeFormLimit(args.context, "status-download");
  const services = args.context.get(servicesContext);
  const archive = await exportByStatusLink(services, args.params.token);
  // An expired or replaced link downloads nothing: 410 (statusLinkRefusal).
  if (!archive) throw await statusLinkRefusal(services.db, args.params.token);
  return archiveResponse(archive.bytes, archive.filename);
}
