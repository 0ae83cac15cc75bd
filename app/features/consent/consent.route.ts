import { redirect } from "react-router";
import { readForm } from "~/platform/forms/parse-form.server";
import { refuseForbiddenAddress } from "~/platform/http/input-guard.server";
import { consumeFormLimit } from "~/platform/http/rate-limit.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/consent.route";
import { consentSubmissionSchema, safeReturnTo } from "./consent.server";
import { gpcRequested } from "./consent-cookies";
import { recordConsent } from "./consent-records.server";

/** Control characters in the address answer 400 before the choice is stored and recorded. */
export const middleware: Route.MiddlewareFunction[] = [refuseForbiddenAddress];

/**
 * POST /consent: the banner's form without JavaScript. Stores and records the choice (the same
 * use case as POST /api/consents) and sends the visitor back to the page they were on (303, so
 * a reload does not post again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const svc = context.get(servicesContext);
  const { config } = svc;
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
  const { setCookies } = await recordConsent(svc, {
    post: parsed.data,
    cookieHeader: request.headers.get("Cookie"),
    gpc: gpcRequested(request.headers.get("Sec-GPC")),
  });
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return redirect(safeReturnTo(form.get("returnTo"), request.url), { status: 303, headers });
}

/** Someone opening /consent directly finds the banner (settings) on the home page. */
export function loader() {
  return redirect("/?cookie-settings=1");
}
