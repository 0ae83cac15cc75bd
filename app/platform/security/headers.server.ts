import crypto from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Config } from "~/platform/config.server";

/** Allows an extra origin per directive for configured outside services (map tiles, captcha…). */
export type CspExtras = Partial<Record<"scriptSrc" | "imgSrc" | "connectSrc" | "frameSrc", string[]>>;
/**
 * Also where forms may lead: a form answered by a redirect to an outside sign-in page (linked
 * platforms) is checked against `form-action` at the redirect too.
 */
export type PageCspExtras = CspExtras & { formAction?: string[] };

/** Several features' extra origins as one set (each directive's lists joined, duplicates dropped). */
export function mergeCspExtras(...all: PageCspExtras[]): PageCspExtras {
  const merged: PageCspExtras = {};
  for (const extras of all) {
    for (const [directive, origins] of Object.entries(extras) as Array<[keyof PageCspExtras, string[]]>) {
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...origins])];
    }
  }
  return merged;
}

/**
 * Security headers as one middleware. Scripts are allowed by a per-response nonce (React
 * Router's inline scripts carry it); a response served from a shared cache must carry hashes
 * instead, since a cached nonce protects nothing.
 */
export function securityHeaders(config: Config, extras: PageCspExtras = {}): RequestHandler[] {
  const dev = config.NODE_ENV === "development";
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  const assignNonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  };
  const csp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // Vite's dev server injects inline scripts and a websocket for hot reload.
        scriptSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", nonce, ...(extras.scriptSrc ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(extras.imgSrc ?? [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(dev ? ["ws:", "wss:"] : []), ...(extras.connectSrc ?? [])],
        frameSrc: extras.frameSrc?.length ? extras.frameSrc : ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(extras.formAction ?? [])],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", "blob:"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over HTTPS.
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  const permissions: RequestHandler = (_req, res, next) => {
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()",
    );
    next();
  };
  return [assignNonce, csp, permissions];
}
