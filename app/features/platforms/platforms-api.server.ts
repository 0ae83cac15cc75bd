import express, { type Request, type Response } from "express";
import {
  AccountError,
  accountFormLimit,
  apiHandler,
  apiSession,
  mfaCookie,
  requestLanguage,
  requireApiSession,
  sameSiteOnly,
  sessionCookies,
} from "~/features/account/index.server";
import { merchList } from "~/features/merch/index.server";
import { HttpError } from "~/platform/http/errors.server";
import { orHttpError } from "~/platform/http/outcome.server";
import { type Language, localizePath } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { flashCookie } from "~/ui/feedback/flash.server";
import { isPlatform, type Platform, signInPlatforms } from "./platform-config.server";
import {
  beginPlatformSignIn,
  completePlatformSignIn,
  PlatformSignInError,
  platformDeps,
} from "./platform-flow.server";
import { clearStateCookie, readStateCookie, stateCookie } from "./platform-http.server";
import { platformStates } from "./platform-links.server";
import { platformOrder } from "./platform-names";
import { connectPlatform, platformsLimit, unlinkPlatform } from "./platform-writes.server";

/**
 * Linked platforms and merch (docs/requirements.md#linked-platforms-and-merch,
 * docs/account-api.md): for steam, ggp, galaxy `POST login`, `GET connect`, `GET disconnect`;
 * twitch `GET connect`, `GET disconnect`; each platform's `GET callback` (where the platform sends
 * the browser back); `GET platforms` (the list); `GET merch`. Failures are `{ messages: [code] }`
 * (docs/requirements.md#service-error-codes).
 */
export function createPlatformsApi(svc: Services) {
  const router = express.Router();
  const deps = platformDeps(svc);
  const config = svc.config;
  const form = accountFormLimit(svc, platformsLimit);

  /** connect and disconnect change state although the specification makes them GETs: same-site callers only. */
  const sameSite = sameSiteOnly(config);

  const platformParam = (req: Request, allowed: readonly Platform[]): Platform => {
    const name = String(req.params.platform);
    if (!isPlatform(name) || !allowed.includes(name)) throw new AccountError(404, "UNSUPPORTED_PLATFORM");
    return name;
  };

  const requireUser = async (req: Request) => (await requireApiSession(svc, req)).user;

  /**
   * docs/requirements.md#linked-platforms-and-merch: "a redirect field in the response makes the
   * page navigate". A browser navigation (a form without JavaScript, a link) asks for HTML and is
   * sent there at once.
   */
  const leave = (req: Request, res: Response, redirect: string, state: string) => {
    res.append("Set-Cookie", stateCookie(config, state));
    if (req.accepts(["json", "html"]) === "html") res.redirect(303, redirect);
    else res.json({ redirect });
  };

  router.get(
    "/account/platforms",
    apiHandler(async (req, res) => {
      const user = await requireUser(req);
      res.json({ platforms: await platformStates(svc.db, config, user.id) });
    }),
  );

  router.post(
    "/account/:platform/login",
    sameSite,
    form,
    apiHandler(async (req, res) => {
      const platform = platformParam(req, signInPlatforms);
      const { redirect, state } = await beginPlatformSignIn(deps, {
        platform,
        purpose: "login",
        language: requestLanguage(req),
      });
      leave(req, res, redirect, state);
    }),
  );

  router.get(
    "/account/:platform/connect",
    sameSite,
    form,
    apiHandler(async (req, res) => {
      const platform = platformParam(req, platformOrder);
      const account = await requireUser(req);
      const language = requestLanguage(req);
      const { redirect, state } = orHttpError(await connectPlatform(deps, { platform, account, language }));
      leave(req, res, redirect, state);
    }),
  );

  router.get(
    "/account/:platform/disconnect",
    sameSite,
    form,
    apiHandler(async (req, res) => {
      const platform = platformParam(req, platformOrder);
      orHttpError(await unlinkPlatform(deps, await requireUser(req), platform));
      res.json({ ok: true });
    }),
  );

  /**
   * Where the platform sends the browser back: a page navigation, so every outcome is a redirect
   * to a page (with a flash), never JSON.
   */
  router.get(
    "/account/:platform/callback",
    apiHandler(async (req, res) => {
      const platform = platformParam(req, platformOrder);
      const query = new URL(req.originalUrl, "http://callback").searchParams;
      res.append("Set-Cookie", clearStateCookie(config));
      const flashTo = (path: string, lang: Language, flash: Parameters<typeof flashCookie>[1]) => {
        res.append("Set-Cookie", flashCookie(config, flash));
        res.redirect(303, localizePath(path, lang));
      };
      try {
        const outcome = await completePlatformSignIn(deps, {
          platform,
          query,
          cookieState: readStateCookie(config, req.get("cookie")),
          signedInAccountId: (await apiSession(svc, req))?.user.id,
        });
        if ("linked" in outcome) {
          flashTo("/account/platforms", outcome.language, {
            kind: "success",
            messages: [`platforms:linked.${platform}`],
          });
        } else if (outcome.signIn.kind === "mfa") {
          res.append("Set-Cookie", mfaCookie(config, outcome.signIn.challenge));
          res.redirect(303, localizePath("/account/code", outcome.language));
        } else {
          res.append("Set-Cookie", sessionCookies(config, outcome.signIn));
          res.redirect(303, localizePath("/account", outcome.language));
        }
      } catch (err) {
        if (!(err instanceof PlatformSignInError)) throw err;
        const page = err.purpose === "login" ? "/account/login" : "/account/platforms";
        flashTo(page, err.language, { kind: "error", messages: [err.code] });
      }
    }),
  );

  router.get(
    "/account/merch",
    apiHandler(async (req, res) => {
      await requireUser(req);
      const answer = await merchList(svc, requestLanguage(req));
      if (!answer.ok) throw new HttpError(answer.status, ["SERVICE_TEMPORARILY_UNAVAILABLE"]);
      res.json({ products: answer.products });
    }),
  );

  return router;
}
