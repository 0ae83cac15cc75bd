import { data, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { loadPageSeo } from "~/features/studio/index.server";
import { noStore, privatePageHeaders } from "~/platform/cache/page-headers";
import { type FormReply, type FormSuccess, parseForm } from "~/platform/forms/parse-form.server";
import type { Outcome, Refusal } from "~/platform/http/outcome";
import { toFormReply } from "~/platform/http/outcome.server";
import { setResponseCookie } from "~/platform/http/response-cookies.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import type { Language } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { servicesContext } from "~/platform/request-context";
import { type PageLoaderArgs, routeLanguage } from "~/platform/seo/page-seo.server";
import { accountDeps } from "./account-budgets.server";
import { readAccountCookies, sessionCookies, signedInHintFix } from "./account-http.server";
import { accountFormTexts } from "./account-writes.server";
import { afterSignIn, loginPathFor } from "./return-to";
import { readSession } from "./sessions.server";

/** What the account pages' loaders and actions share: services, session, guards. */
type Args = { request: Request; params: PageLoaderArgs["params"]; context: Readonly<RouterContextProvider> };

export function accountContext(args: Args) {
  const svc = args.context.get(servicesContext);
  const lang: Language = routeLanguage(args.params);
  return {
    svc,
    deps: accountDeps(svc),
    lang,
    config: svc.config,
    cookies: readAccountCookies(svc.config, args.request.headers.get("Cookie")),
  };
}

/**
 * The signed-in session, or null. The browser's sign-in hint, which the header shows, is put
 * right on the way (account-http.server.ts signedInHintFix): deleted when the session is gone,
 * written anew when the account was renamed meanwhile (in another browser, or by the action
 * this request ran), so that any account page, and the login page a dead session leads to,
 * corrects the header.
 */
export async function currentSession(args: Args) {
  const { svc, config, cookies } = accountContext(args);
  const session = await readSession(svc.db, cookies.session);
  const hint = signedInHintFix(config, cookies.signedIn, session);
  if (hint) setResponseCookie(args.context, hint);
  return session;
}

/**
 * After a rename on an account page: the browser's hint names the new name in the action's own
 * answer (the loaders that run again after it would too, but a visitor may leave first).
 */
export function keepHintNamed(args: Args, session: { expiresAt: Date }, username: string) {
  const { config, cookies } = accountContext(args);
  const hint = signedInHintFix(config, cookies.signedIn, {
    expiresAt: session.expiresAt,
    user: { username },
  });
  if (hint) setResponseCookie(args.context, hint);
}

/**
 * The signed-in session, or a redirect to the login page
 * (docs/requirements.md#account-and-second-factor: account-login), which leads back to the page
 * once signed in (return-to.ts).
 */
export async function requireSession(args: Args) {
  const session = await currentSession(args);
  if (!session) throw redirect(loginPathFor(args.request, routeLanguage(args.params)));
  return session;
}

/**
 * Every account form post: refused when it comes from another site (CSRF), and counted against
 * the form tier of the rate limiter.
 */
export async function guardPost(args: Args, formName: string | null) {
  const { config } = accountContext(args);
  const site = {
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    requestUrl: args.request.url,
  };
  if (isCrossOrigin(args.request.headers, site))
    throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 403 });
  // null: a post that must always work (signing out), checked for its origin only.
  if (formName !== null) await consumeFormLimit(args.context, `account-${formName}`);
}

/**
 * A service refusal shown on the form: its service error code
 * (docs/requirements.md#service-error-codes) translated under `messages:msg.`. The page answers 200
 * like every form of the site that re-renders with its errors; the JSON API carries the 4xx status.
 */
export function refused(reply: FormSuccess<unknown>["reply"], refusal: Refusal) {
  return { result: toFormReply(refusal, reply, accountFormTexts) };
}

/**
 * One form of a page that holds several, each posting its `intent`: the schema checks the
 * fields, then `run` calls the use case, and a refusal shows on that form. `keep` goes into every
 * answer (what the page shows again around the form, e.g. the step it is at).
 */
export async function formStep<S extends z.ZodType, A extends object, K extends object = object>(
  formData: FormData,
  intent: string,
  schema: S,
  run: (value: z.output<S>) => Promise<Outcome<A>>,
  keep?: K,
): Promise<FormStepAnswer<A, K>> {
  const parsed = await parseForm(formData, schema);
  if (parsed.status === "error") return { intent, ...keep, result: parsed.result } as FormStepAnswer<A, K>;
  const outcome = await run(parsed.value);
  if (outcome.ok) return { intent, ...outcome.value };
  return { intent, ...keep, ...refused(parsed.reply, outcome) } as FormStepAnswer<A, K>;
}

type FormStepAnswer<A, K> = { intent: string; result?: FormReply } & Partial<A> & Partial<K>;

/**
 * The answer to a finished sign-in (password, or the second-factor step): its cookies (the
 * session's, and whatever the step clears) and where it leads (afterSignIn).
 */
export function signedInRedirect(
  args: Args,
  signIn: { token: string; expiresAt: Date; user: { username: string } },
  clear: string[] = [],
) {
  const { config, lang } = accountContext(args);
  const headers = new Headers(noStore);
  for (const cookie of [...sessionCookies(config, signIn), ...clear]) headers.append("Set-Cookie", cookie);
  return redirect(afterSignIn(args.request.url, lang), { status: 303, headers });
}

/** The page's SEO: the account description, the page's own title. */
export async function accountSeo(args: PageLoaderArgs, titleKey: string) {
  const t = await translator(routeLanguage(args.params), "account");
  return loadPageSeo(args, "accountLogin", { title: t(titleKey) });
}

export { noStore };

/**
 * The `headers` of every account page: each shows a link's token or personal data, so no cache
 * may keep any of them (nor the answer to one of its forms, as every page's: page-headers.ts).
 */
export const accountPageHeaders = privatePageHeaders;
