import { data, redirect } from "react-router";
import { readForm } from "~/platform/forms/parse-form.server";
import { refuseForbiddenAddress } from "~/platform/http/input-guard.server";
import { clientKey } from "~/platform/http/rate-limit.server";
import { requestInfoContext, servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/consent.route";
import { safeReturnTo } from "./consent.server";
import { submitConsent } from "./consent-write.server";

/** Control characters in the address answer 400 before the choice is stored and recorded. */
export const middleware: Route.MiddlewareFunction[] = [refuseForbiddenAddress];

/**
 * POST /consent: the banner's form without JavaScript. Stores and records the choice (the use
 * case POST /api/consents shares, consent-write.server.ts, whose budgets are spent by the records
 * only: a refusal is always stored) and sends the visitor back to the page they were on (303, so
 * a reload does not post again).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const post: Record<string, FormDataEntryValue> = {};
  for (const field of ["choice", "analytics", "lang"]) {
    const value = form.get(field);
    if (value !== null) post[field] = value;
  }
  const outcome = await submitConsent(context.get(servicesContext), {
    post,
    headers: request.headers,
    requestUrl: request.url,
    cookieHeader: request.headers.get("Cookie"),
    gpcHeader: request.headers.get("Sec-GPC"),
    client: clientKey(context.get(requestInfoContext).clientIp),
  });
  // Only a hand-made request is refused: the banner's buttons are the whole form, so there is
  // no field to show it on, only the status.
  if (!outcome.ok) {
    throw data(
      { messages: outcome.messages ?? [outcome.code] },
      { status: outcome.status, headers: outcome.headers },
    );
  }
  const headers = new Headers();
  for (const cookie of outcome.value.setCookies) headers.append("Set-Cookie", cookie);
  return redirect(safeReturnTo(form.get("returnTo"), request.url), { status: 303, headers });
}

/** Someone opening /consent directly finds the banner (settings) on the home page. */
export function loader() {
  return redirect("/?cookie-settings=1");
}
