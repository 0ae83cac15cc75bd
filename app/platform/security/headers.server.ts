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

/**
 * A page asks for more origins than the site-wide policy allows (an embed's player, the contact
 * page's map tiles) by sending its extras in this response header, from its loader through its
 * `headers` export (`pageCspHeader`, `pageCspHeaders`). `pageHeaders()` adds them to that response's
 * policy and never sends the header itself, so every other page keeps the strict policy
 * (docs/decisions/0025-click-to-load-embeds.md). The page cache stores the policy as the page
 * left with it, and a hit serves it again (rewritten to script hashes).
 */
export const PAGE_CSP_HEADER = "X-Page-Csp-Extras";

const directiveNames: Record<keyof PageCspExtras, string> = {
  scriptSrc: "script-src",
  imgSrc: "img-src",
  connectSrc: "connect-src",
  frameSrc: "frame-src",
  formAction: "form-action",
};

/** The loader's header for a page's extras; none when there is nothing to add. */
export function pageCspHeader(extras: PageCspExtras): Record<string, string> {
  const kept = Object.entries(extras).filter(([, origins]) => origins?.length);
  return kept.length ? { [PAGE_CSP_HEADER]: JSON.stringify(Object.fromEntries(kept)) } : {};
}

/** A route's `headers` export passes its loader's extras on to the response. */
export function pageCspHeaders({ loaderHeaders }: { loaderHeaders: Headers }): Record<string, string> {
  const value = loaderHeaders.get(PAGE_CSP_HEADER);
  return value ? { [PAGE_CSP_HEADER]: value } : {};
}

/** A source list entry: an origin (`https://host[:port]`, `*.` allowed) or a scheme, nothing else. */
const sourcePattern = /^(https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?|[a-z]+:)$/i;

function parseExtras(value: string): PageCspExtras {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return {};
  }
  const extras: PageCspExtras = {};
  if (!parsed || typeof parsed !== "object") return extras;
  for (const key of Object.keys(directiveNames) as Array<keyof PageCspExtras>) {
    const origins = (parsed as Record<string, unknown>)[key];
    // Only plain origins: a page's header can widen its own policy by origins, never inject a
    // directive (a stray ";") or a keyword such as 'unsafe-inline'.
    if (Array.isArray(origins))
      extras[key] = origins.filter((o): o is string => typeof o === "string" && sourcePattern.test(o));
  }
  return extras;
}

/** The policy with the extras added to their directives (replacing a `'none'`). */
export function addCspSources(policy: string, extras: PageCspExtras): string {
  const directives = policy
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
  for (const [key, origins] of Object.entries(extras) as Array<[keyof PageCspExtras, string[]]>) {
    if (!origins.length) continue;
    const name = directiveNames[key];
    const index = directives.findIndex((d) => d === name || d.startsWith(`${name} `));
    if (index === -1) {
      directives.push(`${name} ${origins.join(" ")}`);
      continue;
    }
    const sources = directives[index]!.split(/\s+/)
      .slice(1)
      .filter((s) => s !== "'none'");
    directives[index] = [name, ...new Set([...sources, ...origins])].join(" ");
  }
  return directives.join(";");
}

/**
 * Headers securityHeaders gives every answer that a page may replace with its own: a status
 * page's `Referrer-Policy: same-origin`. React Router adds a page's headers with Express's
 * `append`, which would send both values (browsers then apply the last they understand, other
 * clients the first).
 */
const PAGE_REPLACEABLE = new Set(["referrer-policy"]);

/**
 * After `securityHeaders`, where a page's own headers meet the defaults: when a page sends
 * `PAGE_CSP_HEADER`, its extras join this response's policy and the header itself goes no
 * further; a header of PAGE_REPLACEABLE keeps the page's value only. (Express's `append` and
 * `set` both end in `setHeader`, which is where React Router's headers arrive.)
 */
export function pageHeaders(): RequestHandler {
  return (_req, res, next) => {
    const setHeader = res.setHeader.bind(res);
    res.setHeader = ((name: string, value: number | string | readonly string[]) => {
      const lower = name.toLowerCase();
      if (PAGE_REPLACEABLE.has(lower) && Array.isArray(value) && value.length > 1)
        return setHeader(name, value[value.length - 1] as string);
      if (lower !== PAGE_CSP_HEADER.toLowerCase()) return setHeader(name, value);
      const policy = res.getHeader("content-security-policy");
      const extras = parseExtras(Array.isArray(value) ? String(value[0]) : String(value));
      if (typeof policy === "string") setHeader("Content-Security-Policy", addCspSources(policy, extras));
      return res;
    }) as typeof res.setHeader;
    next();
  };
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
    res.locals.cspNonce = nextNonce();
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
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  };
  return [assignNonce, csp, permissions];
}

/**
 * A CSP nonce: 16 random bytes (128 bits), base64. The bytes are drawn from the system's
 * generator 4 KB at a time (one call per 256 answers) rather than one call each (~8 µs a
 * page), as Node itself does for randomUUID; each is handed out once.
 */
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let noncePoolOffset = 0;
export function nextNonce(): string {
  if (noncePoolOffset + NONCE_BYTES > noncePool.length) {
    noncePool = crypto.randomBytes(NONCE_BYTES * 256);
    noncePoolOffset = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolOffset, noncePoolOffset + NONCE_BYTES);
  noncePoolOffset += NONCE_BYTES;
  return nonce;
}

const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()";

/**
 * The headers of the build's hashed files (scripts, style sheets, fonts, pictures), set once:
 * no nonce (no page runs here), and a policy that lets nothing run should a picture (an SVG)
 * be opened as a document of its own. What protects a file as securityHeaders protects a page
 * stays: nosniff, the resource policy, the referrer policy and HSTS behind https.
 */
export function assetHeaders(config: Config): RequestHandler {
  const headers: Array<[string, string]> = [
    [
      "Content-Security-Policy",
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self'; frame-ancestors 'none'",
    ],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ...(config.secureCookies
      ? ([["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] as Array<[string, string]>)
      : []),
  ];
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
