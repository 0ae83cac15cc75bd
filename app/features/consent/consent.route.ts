import { redirect } from "react-router";
import { readForm } from "~/platform/forms/parse-form.server";
import { consumeFormLimit } from "~/platform/http/rate-limit.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/consent.route";
import { consentCookieHeaders, consentSubmissionSchema, safeReturnTo } from "./consent.server";
import { analyticsGranted } from "./consent-cookies";

/**
 * POST /consent: the banner's form without JavaScript. Stores the choice and sends the visitor
 * back to the page they were on (303, so a reload does not post again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config } = context.get(servicesContext);
  if (isCrossOrigin(request.headers, { ...config, requestUrl: request.url })) {
    throw new Response("Cross-site request refused", { status: 403 });
  }
  await consumeFormLimit(context, "consent");
  const form = await readForm(request);
  const parsed = consentSubmissionSchema.safeParse({
    choice: form.get("choice") ?? undefined,
    analytics: form.get("analytics") ?? undefined,
  });
  // Only a hand-made request lacks a valid button: there is no page to show it an error on.
  if (!parsed.success) throw new Response("Invalid consent choice", { status: 400 });
  const analytics = analyticsGranted(parsed.data.choice, parsed.data.analytics);
  const headers = new Headers();
  for (const cookie of consentCookieHeaders(config, analytics)) headers.append("Set-Cookie", cookie);
  return redirect(safeReturnTo(form.get("returnTo"), request.url), { status: 303, headers });
}

/** Someone opening /consent directly finds the banner (settings) on the home page. */
export function loader() {
  return redirect("/?cookie-settings=1");
}
