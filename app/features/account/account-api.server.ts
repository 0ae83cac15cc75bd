import express, { type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import { getStudioInfo } from "~/features/studio/index.server";
import { noStore } from "~/platform/cache/page-headers";
import { HttpError } from "~/platform/http/errors.server";
import { orHttpError, toHttpError } from "~/platform/http/outcome.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { defaultLanguage, isLanguage, type Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { accountDeps } from "./account-budgets.server";
import { AccountError, publicUser } from "./account-core.server";
import { apiCodeFor, apiSchemas } from "./account-forms";
import {
  clearCookie,
  clearSessionCookies,
  mfaCookie,
  readAccountCookies,
  sessionCookies,
  signedInHintFix,
} from "./account-http.server";
import { accountRefusal, accountWrites as w } from "./account-writes.server";
import { endSession, readSession, type SessionInfo } from "./sessions.server";
import { listSessions } from "./settings.server";
import { smsSetupSchema } from "./sms-setup-form";

/**
 * Parses a JSON body or answers 400 with the service error code
 * (docs/requirements.md#service-error-codes) of each bad field.
 */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const codes = new Set(result.error.issues.map((issue) => apiCodeFor(String(issue.path[0] ?? ""))));
  throw new HttpError(400, [...codes]);
}

const asHttp = (err: unknown) => (err instanceof AccountError ? toHttpError(accountRefusal(err)) : err);

type Handler = (req: Request, res: Response) => Promise<unknown>;

/** An endpoint of the account APIs (this one and features/platforms): a refusal is its error-code answer. */
export const apiHandler =
  (handler: Handler): RequestHandler =>
  async (req, res, next) => {
    try {
      await handler(req, res);
    } catch (err) {
      next(asHttp(err));
    }
  };

/**
 * The form tier's counter `account-<name>` (per client) in front of an endpoint: the same counter
 * the page of that write spends (guardPost), named by its use case (accountWrites).
 */
export const accountFormLimit = (svc: Services, name: string) =>
  rateLimit(svc.rateLimits.form, `account-${name}`, svc.logger);

/** Refuses (403) a request another site's page made: the account APIs' CSRF guard. */
export const sameSiteOnly =
  (config: Services["config"]): RequestHandler =>
  (req, _res, next) => {
    const crossSite = isCrossOrigin(req.headers, {
      publicUrl: config.publicUrl,
      isProduction: config.isProduction,
      requestUrl: `${req.protocol}://${req.get("host")}`,
    });
    next(crossSite ? new HttpError(403, ["INVALID_PARAMETERS"]) : undefined);
  };

/** The live session of the request's cookie, if any. */
export const apiSession = (svc: Services, req: Request) =>
  readSession(svc.db, readAccountCookies(svc.config, req.get("cookie")).session);

/** The live session, or 401 NEEDS_LOGIN_REFRESH. */
export async function requireApiSession(svc: Services, req: Request): Promise<SessionInfo> {
  const session = await apiSession(svc, req);
  if (!session) throw new AccountError(401, "NEEDS_LOGIN_REFRESH");
  return session;
}

/** The language of the pages and e-mails a call leads to: `language` in the body or the query. */
export function requestLanguage(req: Request): Language {
  const value = (req.body as { language?: unknown } | undefined)?.language ?? req.query.language;
  return isLanguage(value) ? value : defaultLanguage;
}

/**
 * Account endpoints (docs/requirements.md#http-api): `POST /api/account/...` with JSON bodies
 * (documented in docs/account-api.md); failures are `{ messages: [code] }`
 * (docs/requirements.md#service-error-codes).
 */
export function createAccountApi(svc: Services) {
  const router = express.Router();
  const deps = accountDeps(svc);
  const config = svc.config;
  const form = (name: string) => accountFormLimit(svc, name);

  const sameSite = sameSiteOnly(config);
  router.use("/account", (req, res, next) => (req.method === "GET" ? next() : sameSite(req, res, next)));

  const requireSession = (req: Request) => requireApiSession(svc, req);

  const signedIn = (
    res: Response,
    result: { user: Parameters<typeof publicUser>[0]; token: string; expiresAt: Date },
  ) => {
    res.append("Set-Cookie", sessionCookies(config, result));
    res.append("Set-Cookie", clearCookie(config, "mfa"));
    res.json({ user: publicUser(result.user), expire: result.expiresAt.toISOString() });
  };

  router.post(
    "/account/create",
    form(w.createAccount.limit),
    apiHandler(async (req, res) => {
      const input = parseBody(apiSchemas.create, req.body);
      orHttpError(await w.createAccount.run(deps, input, requestLanguage(req)));
      res.status(201).json({ ok: true });
    }),
  );

  router.post(
    "/account/validate",
    form(w.validateEmail.limit),
    apiHandler(async (req, res) => {
      orHttpError(await w.validateEmail.run(deps, parseBody(apiSchemas.token, req.body).token));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/resend-verification",
    form(w.resendVerification.limit),
    apiHandler(async (req, res) => {
      const { identifier } = parseBody(apiSchemas.forgot, { identifier: req.body?.email });
      orHttpError(await w.resendVerification.run(deps, identifier));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/login",
    form(w.login.limit),
    apiHandler(async (req, res) => {
      const result = orHttpError(await w.login.run(deps, parseBody(apiSchemas.login, req.body)));
      if (result.kind === "mfa") {
        res.append("Set-Cookie", mfaCookie(config, result.challenge));
        res.json({ mfaRequired: true, methods: result.methods });
        return;
      }
      signedIn(res, result);
    }),
  );

  router.post(
    "/account/mfa/submitcode",
    form(w.submitCode.limit),
    apiHandler(async (req, res) => {
      const { code } = parseBody(apiSchemas.code, req.body);
      const challenge = readAccountCookies(config, req.get("cookie")).mfa;
      signedIn(res, orHttpError(await w.submitCode.run(deps, challenge, code)));
    }),
  );

  // docs/requirements.md#account-and-second-factor: logout ends the session and never fails.
  router.post(
    "/account/logout",
    apiHandler(async (req, res) => {
      await endSession(svc.db, readAccountCookies(config, req.get("cookie")).session).catch(() => undefined);
      res.append("Set-Cookie", clearSessionCookies(config));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/global-logout",
    apiHandler(async (req, res) => {
      orHttpError(await w.globalLogout.run(deps, (await requireSession(req)).user));
      res.append("Set-Cookie", clearSessionCookies(config));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/forgot-password",
    form(w.forgotPassword.limit),
    apiHandler(async (req, res) => {
      orHttpError(await w.forgotPassword.run(deps, parseBody(apiSchemas.forgot, req.body).identifier));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/reset-password",
    form(w.resetPassword.limit),
    apiHandler(async (req, res) => {
      const input = parseBody(apiSchemas.reset, req.body);
      orHttpError(await w.resetPassword.run(deps, input.token, input.password));
      res.json({ ok: true });
    }),
  );

  // The signed-in writes below count against the same form-tier counters as their pages' forms.
  router.post(
    "/account/update-password",
    form(w.updatePassword.limit),
    apiHandler(async (req, res) => {
      const session = await requireSession(req);
      orHttpError(await w.updatePassword.run(deps, session, parseBody(apiSchemas.updatePassword, req.body)));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/update-email",
    form(w.updateEmail.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      res.json(orHttpError(await w.updateEmail.run(deps, user, parseBody(apiSchemas.updateEmail, req.body))));
    }),
  );

  router.post(
    "/account/update-profile",
    form(w.updateProfile.limit),
    apiHandler(async (req, res) => {
      const session = await requireSession(req);
      const input = parseBody(apiSchemas.updateProfile, req.body);
      orHttpError(await w.updateProfile.run(deps, session.user, input));
      // A browser's header shows the new name on its next page.
      const hint = signedInHintFix(config, readAccountCookies(config, req.get("cookie")).signedIn, {
        expiresAt: session.expiresAt,
        user: { username: input.username },
      });
      if (hint) res.append("Set-Cookie", hint);
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/accept-tos",
    form(w.acceptTos.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      orHttpError(await w.acceptTos.run(deps, user, parseBody(apiSchemas.acceptTos, req.body)));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/delete",
    form(w.deleteAccount.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      orHttpError(await w.deleteAccount.run(deps, user, parseBody(apiSchemas.password, req.body).password));
      res.append("Set-Cookie", clearSessionCookies(config));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/mfa/addtotp",
    form(w.addTotp.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      const studio = await getStudioInfo(svc.db, defaultLanguage);
      res.json(orHttpError(await w.addTotp.run(deps, user, studio.name)));
    }),
  );

  router.post(
    "/account/mfa/confirmtotp",
    form(w.confirmTotp.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      res.json(orHttpError(await w.confirmTotp.run(deps, user, parseBody(apiSchemas.code, req.body).code)));
    }),
  );

  router.post(
    "/account/mfa/addsms",
    form(w.addSms.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      const { phone } = parseBody(smsSetupSchema, req.body);
      orHttpError(await w.addSms.run(deps, user, phone));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/mfa/confirmsms",
    form(w.confirmSms.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      res.json(orHttpError(await w.confirmSms.run(deps, user, parseBody(apiSchemas.code, req.body).code)));
    }),
  );

  router.post(
    "/account/mfa/recovery-codes",
    form(w.regenerateRecoveryCodes.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      const proof = parseBody(apiSchemas.recoveryProof, req.body);
      res.json(orHttpError(await w.regenerateRecoveryCodes.run(deps, user, proof)));
    }),
  );

  // Who is signed in, and until when. The header does not ask (it reads the sign-in hint:
  // docs/decisions/0064-the-sign-in-hint-carries-the-name.md); a browser's hint that this
  // answer finds wrong is put right, or deleted with a 401 when the session is gone.
  router.get(
    "/account/me",
    apiHandler(async (req, res) => {
      res.set(noStore);
      const cookies = readAccountCookies(config, req.get("cookie"));
      const session = await readSession(svc.db, cookies.session);
      const hint = signedInHintFix(config, cookies.signedIn, session);
      if (hint) res.append("Set-Cookie", hint);
      if (!session) throw new AccountError(401, "NEEDS_LOGIN_REFRESH");
      res.json({ user: { username: session.user.username }, expire: session.expiresAt.toISOString() });
    }),
  );

  router.get(
    "/account/sessions",
    apiHandler(async (req, res) => {
      res.json({ sessions: await listSessions(svc.db, await requireSession(req)) });
    }),
  );

  router.post(
    "/account/logout-others",
    form(w.endOtherSessions.limit),
    apiHandler(async (req, res) => {
      orHttpError(await w.endOtherSessions.run(deps, await requireSession(req)));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/mfa/remove",
    form(w.removeMfa.limit),
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      orHttpError(await w.removeMfa.run(deps, user, parseBody(apiSchemas.password, req.body).password));
      res.json({ ok: true });
    }),
  );

  return router;
}
