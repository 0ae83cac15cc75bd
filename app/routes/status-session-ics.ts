import { sessionCalendarByLink } from "~/features/playtesting/index.server";
import { noStore, privatePageHeaders } from "~/platform/cache/page-headers";
import { consumePageLimit } from "~/platform/http/route-limits.server";
import { servicesContext } from "~/platform/request-context";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { statusLinkRefusal } from "~/platform/status/links.server";
import type { Route } from "./+types/status-session-ics";

/**
 * The playtest session a status link is invited to, as a calendar file (docs/requirements.md#playtesting):
 * linked from the status page and the invitation e-mail. Private like the page: never stored,
 * and refused like it once its link expired or was replaced (410).
 */
export const headers = privatePageHeaders;

export async function loader(args: Route.LoaderArgs) {
  await consumePageLimit(args.context, "status");
  const services = args.context.get(servicesContext);
  const ics = await sessionCalendarByLink(services, args.params.token, routeLanguage(args.params));
  if (!ics) throw await statusLinkRefusal(services.db, args.params.token);
  return new Response(ics, {
    headers: {
      ...noStore,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="playtest.ics"',
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "same-origin",
    },
  });
}
