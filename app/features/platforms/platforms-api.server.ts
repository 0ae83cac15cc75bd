import express, { type Request, type RequestHandler, type Response } from "express";
import { AccountError, readSession } from "~/features/account/account.server";
import { accountDeps } from "~/features/account/account-api.server";
import {
  isCrossSite,
  mfaCookie,
  readAccountCookies,
  sessionCookie,
} from "~/features/account/account-http.server";
import { HttpError } from "~/platform/http/errors.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { defaultLanguage, type Language, languages, localizePath } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { flashCookie } from "~/ui/feedback/flash.server";
import { merchList } from "./merch.server";
import { configuredPlatforms, isPlatform, type Platform } from "./platform-config.server";
import {
  beginPlatformSignIn,
  completePlatformSignIn,
  disconnectPlatform,
  type PlatformDeps,
  PlatformSignInError,
} from "./platform-flow.server";
import { clearStateCookie, readStateCookie, stateCookie } from "./platform-http.server";
import { listLinks } from "./platform-links.server";

type Handler = (req: Request, res: Response) => Promise<unknown>;

export const platformDeps = (svc: Services): PlatformDeps => ({ ...accountDeps(svc), config: svc.config });

/**
 * SPEC §7 linked platforms and merch (docs/account-api.md): for steam, ggp, galaxy `POST login`,
 * `GET connect`, `GET disconnect`; twitch `GET connect`, `GET disconnect`; each platform's
 * `GET callback` (where the platform sends the browser back); `GET platforms` (the list);
 * `GET merch`. Failures are `{ messages: [§8 code] }`.
 */
export function createPlatformsApi(svc: Services) {
  const router = express.Router();
  const deps = platformDeps(svc);
  const config = svc.config;
  const form = rateLimit(svc.rateLimits.form, "account-platforms", svc.logger);

  const wrap =
    (handler: Handler): RequestHandler =>
    async (req, res, next) => {
      try {
        await handler(req, res);
      } catch (err) {
        next(err instanceof AccountError ? new HttpError(err.status, [err.code]) : err);
      }
    };

  /** connect and disconnect change state although §7 makes them GETs: same-site callers only. */
  const sameSite: RequestHandler = (req, _res, next) => {
    const crossSite = isCrossSite(config, {
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      host: req.get("host"),
    });
    next(crossSite ? new HttpError(403, ["INVALID_PARAMETERS"]) : undefined);
  };

  const platformParam = (req: Request, allowed: readonly Platform[]): Platform => {
    const name = String(req.params.platform);
    if (!isPlatform(name) || !allowed.includes(name)) throw new AccountError(404, "UNSUPPORTED_PLATFORM");
    return name;
  };

  const session = (req: Request) =>
    readSession(svc.db, readAccountCookies(config, req.get("cookie")).session);
  async function requireUser(req: Request) {
    const found = await session(req);
    if (!found) throw new AccountError(401, "NEEDS_LOGIN_REFRESH");
    return found.user;
  }

  const language = (req: Request): Language => {
    const value = req.query.language ?? (req.body as { language?: unknown } | undefined)?.language;
    return languages.includes(value as Language) ? (value as Language) : defaultLanguage;
  };

  /**
   * §7: "a redirect field in the response makes the page navigate". A browser navigation (a form
   * without JavaScript, a link) asks for HTML and is sent there at once.
   */
  const leave = (req: Request, res: Response, redirect: string, state: string) => {
    res.append("Set-Cookie", stateCookie(config, state));
    if (req.accepts(["json", "html"]) === "html") res.redirect(303, redirect);
    else res.json({ redirect });
  };

  router.get(
    "/account/platforms",
    wrap(async (req, res) => {
      const user = await requireUser(req);
      const links = new Map((await listLinks(svc.db, user.id)).map((link) => [link.platform, link]));
      const on = new Set(configuredPlatforms(config));
      res.json({
        platforms: (["steam", "twitch", "galaxy", "ggp"] as const).map((platform) => ({
          platform,
          available: on.has(platform),
          linked: links.has(platform),
          displayName: links.get(platform)?.displayName ?? null,
          linkedAt: links.get(platform)?.linkedAt.toISOString() ?? null,
        })),
      });
    }),
  );

  router.post(
    "/account/:platform/login",
    sameSite,
    form,
    wrap(async (req, res) => {
      const platform = platformParam(req, ["steam", "ggp", "galaxy"]);
      const { redirect, state } = await beginPlatformSignIn(deps, {
        platform,
        purpose: "login",
        language: language(req),
      });
      leave(req, res, redirect, state);
    }),
  );

  router.get(
    "/account/:platform/connect",
    sameSite,
    form,
    wrap(async (req, res) => {
      const platform = platformParam(req, ["steam", "twitch", "ggp", "galaxy"]);
      const account = await requireUser(req);
      const { redirect, state } = await beginPlatformSignIn(deps, {
        platform,
        purpose: "connect",
        account,
        language: language(req),
      });
      leave(req, res, redirect, state);
    }),
  );

  router.get(
    "/account/:platform/disconnect",
    sameSite,
    wrap(async (req, res) => {
      const platform = platformParam(req, ["steam", "twitch", "ggp", "galaxy"]);
      await disconnectPlatform(deps, await requireUser(req), platform);
      res.json({ ok: true });
    }),
  );

  /**
   * Where the platform sends the browser back: a page navigation, so every outcome is a redirect
   * to a page (with a flash), never JSON.
   */
  router.get(
    "/account/:platform/callback",
    wrap(async (req, res) => {
      const platform = platformParam(req, ["steam", "twitch", "ggp", "galaxy"]);
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
          signedInAccountId: (await session(req))?.user.id,
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
          res.append("Set-Cookie", sessionCookie(config, outcome.signIn.token, outcome.signIn.expiresAt));
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
    wrap(async (req, res) => {
      await requireUser(req);
      const answer = await merchList(svc, language(req));
      if (!answer.ok) throw new HttpError(answer.status, ["SERVICE_TEMPORARILY_UNAVAILABLE"]);
      res.json({ products: answer.products });
    }),
  );

  return router;
}
