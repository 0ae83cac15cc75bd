import type { ActionFunctionArgs } from "react-router";
import { parseForm } from "~/platform/forms/parse-form.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { servicesContext } from "~/platform/request-context";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import type { Services } from "~/platform/services.server";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import { emailRequestSchema } from "./email-request-schema";

/**
 * The action of a page with an `EmailRequestForm` (lost status links, the data-rights link):
 * counted against the form limit `limit`, checked, then `send` is started and not awaited, so
 * the answer takes as long and says the same (`sent`, a message key, back on `page`) whether or
 * not anything goes to that address.
 */
export async function answerEmailRequest(
  args: Pick<ActionFunctionArgs, "request" | "params" | "context">,
  {
    limit,
    send,
    page,
    sent,
  }: {
    limit: string;
    send: (services: Services, address: string, lang: Language) => Promise<unknown>;
    /** The page's path in the default language. */
    page: string;
    sent: string;
  },
) {
  await consumeFormLimit(args.context, limit);
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const result = await parseForm(args.request, emailRequestSchema);
  if (result.status === "error") return { result: result.result };
  void send(services, result.value.email, lang);
  return redirectWithFlash(localizePath(page, lang), { kind: "success", messages: [sent] }, services.config);
}
