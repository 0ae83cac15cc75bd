import express, { type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import { getStudioInfo } from "~/features/studio/index.server";
import { HttpError } from "~/platform/http/errors.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { defaultLanguage, isLanguage, type Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { createAccountLimits } from "./account-budgets.server";
import { type AccountDeps, AccountError, publicUser } from "./account-core.server";
import { apiCodeFor, apiSchemas } from "./account-forms";
import { clearCookie, mfaCookie, readAccountCookies, sessionCookie } from "./account-http.server";
import { accountOpenApi } from "./account-openapi.server";
import { login, submitCode } from "./login.server";
import { forgotPassword, resetPassword, updatePassword } from "./passwords.server";
import { type SessionInfo, endSession, readSession } from "./sessions.server";
import {
  acceptTos,
  deleteAccount,
  endOtherSessions,
  globalLogout,
  listSessions,
  updateEmail,
  updateProfile,
} from "./settings.server";
import { createAccount, resendVerification, validateEmail } from "./sign-up.server";
import { addSms, confirmSms, removeMfa } from "./sms-factor.server";
import { smsSetupSchema } from "./sms-setup-form";
import { addTotp, confirmTotp, regenerateRecoveryCodes } from "./totp.server";

/**
 * The failure budgets live in the site's rate-limit store (Redis when configured), so every
 * process behind a load balancer counts the same failures; API and pages share them.
 */
export function accountDeps(svc: Services): AccountDeps {
  return { db: svc.db, config: svc.config, logger: svc.logger, limits: createAccountLimits(svc.rateLimits) };
}

/** Parses a JSON body or answers 400 with the §8 code of each bad field. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const codes = new Set(result.error.issues.map((issue) => apiCodeFor(String(issue.path[0] ?? ""))));
  throw new HttpError(400, [...codes]);
}

const asHttp = (err: unknown) =>
  err instanceof AccountError
    ? new HttpError(err.status, [err.code], err.status === 429 ? { "Retry-After": "900" } : {})
    : err;

type Handler = (req: Request, res: Response) => Promise<unknown>;

/** An endpoint of the account APIs (this one and features/platforms): a refusal is its §8 answer. */
export const apiHandler =
  (handler: Handler): RequestHandler =>
  async (req, res, next) => {
    try {
      await handler(req, res);
    } catch (err) {
      next(asHttp(err));
    }
  };

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
 * SPEC §7 account endpoints: `POST /api/account/...` with JSON bodies (documented in
 * docs/account-api.md); failures are `{ messages: [§8 code] }`.
 */
export function createAccountApi(svc: Services) {
  const router = express.Router();
  const deps = accountDeps(svc);
  const config = svc.config;
  const form = (name: string) => rateLimit(svc.rateLimits.form, `account-${name}`, svc.logger);

  const sameSite = sameSiteOnly(config);
  router.use("/account", (req, res, next) => (req.method === "GET" ? next() : sameSite(req, res, next)));

  // The description of the endpoints below (OpenAPI 3.1), the same for every visitor.
  router.get("/openapi.json", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.json(accountOpenApi());
  });

  const requireSession = (req: Request) => requireApiSession(svc, req);

  const signedIn = (
    res: Response,
    result: { user: Parameters<typeof publicUser>[0]; token: string; expiresAt: Date },
  ) => {
    res.append("Set-Cookie", sessionCookie(config, result.token, result.expiresAt));
    res.append("Set-Cookie", clearCookie(config, "mfa"));
    res.json({ user: publicUser(result.user), expire: result.expiresAt.toISOString() });
  };

  router.post(
    "/account/create",
    form("create"),
    apiHandler(async (req, res) => {
      const input = parseBody(apiSchemas.create, req.body);
      await createAccount(deps, input, requestLanguage(req));
      res.status(201).json({ ok: true });
    }),
  );

  router.post(
    "/account/validate",
    form("validate"),
    apiHandler(async (req, res) => {
      await validateEmail(deps, parseBody(apiSchemas.token, req.body).token);
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/resend-verification",
    form("resend"),
    apiHandler(async (req, res) => {
      const { identifier } = parseBody(apiSchemas.forgot, { identifier: req.body?.email });
      void resendVerification(deps, identifier);
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/login",
    form("login"),
    apiHandler(async (req, res) => {
      const result = await login(deps, parseBody(apiSchemas.login, req.body));
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
    form("code"),
    apiHandler(async (req, res) => {
      const { code } = parseBody(apiSchemas.code, req.body);
      signedIn(res, await submitCode(deps, readAccountCookies(config, req.get("cookie")).mfa, code));
    }),
  );

  // SPEC §5: logout ends the session and never fails.
  router.post(
    "/account/logout",
    apiHandler(async (req, res) => {
      await endSession(svc.db, readAccountCookies(config, req.get("cookie")).session).catch(() => undefined);
      res.append("Set-Cookie", clearCookie(config, "session"));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/global-logout",
    apiHandler(async (req, res) => {
      await globalLogout(deps, (await requireSession(req)).user);
      res.append("Set-Cookie", clearCookie(config, "session"));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/forgot-password",
    form("forgot"),
    apiHandler(async (req, res) => {
      void forgotPassword(deps, parseBody(apiSchemas.forgot, req.body).identifier);
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/reset-password",
    form("reset"),
    apiHandler(async (req, res) => {
      const input = parseBody(apiSchemas.reset, req.body);
      await resetPassword(deps, input.token, input.password);
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/update-password",
    apiHandler(async (req, res) => {
      const session = await requireSession(req);
      await updatePassword(deps, session, parseBody(apiSchemas.updatePassword, req.body));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/update-email",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      res.json(await updateEmail(deps, user, parseBody(apiSchemas.updateEmail, req.body)));
    }),
  );

  router.post(
    "/account/update-profile",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      await updateProfile(deps, user, parseBody(apiSchemas.updateProfile, req.body));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/accept-tos",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      await acceptTos(deps, user, parseBody(apiSchemas.acceptTos, req.body));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/delete",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      await deleteAccount(deps, user, parseBody(apiSchemas.password, req.body).password);
      res.append("Set-Cookie", clearCookie(config, "session"));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/mfa/addtotp",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      const studio = await getStudioInfo(svc.db, defaultLanguage);
      res.json(await addTotp(deps, user, studio.name));
    }),
  );

  router.post(
    "/account/mfa/confirmtotp",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      res.json(await confirmTotp(deps, user, parseBody(apiSchemas.code, req.body).code));
    }),
  );

  router.post(
    "/account/mfa/addsms",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      const { phone } = parseBody(smsSetupSchema, req.body);
      await addSms(deps, user, phone);
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/mfa/confirmsms",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      res.json(await confirmSms(deps, user, parseBody(apiSchemas.code, req.body).code));
    }),
  );

  router.post(
    "/account/mfa/recovery-codes",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      res.json(await regenerateRecoveryCodes(deps, user, parseBody(apiSchemas.recoveryProof, req.body)));
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
    apiHandler(async (req, res) => {
      await endOtherSessions(deps, await requireSession(req));
      res.json({ ok: true });
    }),
  );

  router.post(
    "/account/mfa/remove",
    apiHandler(async (req, res) => {
      const { user } = await requireSession(req);
      await removeMfa(deps, user, parseBody(apiSchemas.password, req.body).password);
      res.json({ ok: true });
    }),
  );

  return router;
}
