import type { RequestHandler } from "express";
import { cookiesAllowProvider } from "~/features/consent/index.server";
import type { Config } from "~/platform/config.server";
import { addCspSources, type CspExtras } from "~/platform/security/headers.server";
import type { Services } from "~/platform/services.server";

/**
 * What the outside analytics provider (ANALYTICS_SCRIPT_URL) may reach, when configured: its
 * script, its reports (fetch, beacons, WebSocket), its pixels and its frames, all on its origin.
 */
export function analyticsCspExtras(config: Pick<Config, "ANALYTICS_SCRIPT_URL">): CspExtras {
  if (!config.ANALYTICS_SCRIPT_URL) return {};
  const origin = new URL(config.ANALYTICS_SCRIPT_URL).origin;
  // Browsers do not read an http(s) source as covering WebSocket to the same host: named too.
  const sockets = origin.replace(/^http/, "ws");
  return { scriptSrc: [origin], connectSrc: [origin, sockets], imgSrc: [origin], frameSrc: [origin] };
}

/**
 * The provider's origins join a response's Content-Security-Policy only when the request's
 * cookies hold a consent that lets it run (docs/decisions/0049-provider-in-csp-with-consent.md).
 * After a withdrawal, the next document the browser loads refuses the provider whatever its
 * script tries (an attribute, a frame, a WebSocket), which no patch inside a page can promise.
 * The page cache keys pages on the consent cookies, so a cached page keeps the policy of the
 * consent it was rendered for. Mounted on the pages' route (server/app.ts), after
 * securityHeaders, which sets the policy: files and API answers never read the consent.
 */
export function analyticsCsp(svc: Pick<Services, "db" | "config" | "logger">): RequestHandler {
  const extras = analyticsCspExtras(svc.config);
  if (!extras.scriptSrc) return (_req, _res, next) => next();
  return async (req, res, next) => {
    try {
      const allowed = await cookiesAllowProvider(svc, {
        cookie: req.headers.cookie,
        gpc: req.get("Sec-GPC"),
      });
      const policy = res.getHeader("content-security-policy");
      if (allowed && typeof policy === "string")
        res.setHeader("Content-Security-Policy", addCspSources(policy, extras));
    } catch (err) {
      // The policy unread (the database away): the page goes out without the provider.
      svc.logger.warn({ err }, "consent unread: the page's policy leaves the analytics provider out");
    }
    next();
  };
}
