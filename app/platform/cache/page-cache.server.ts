import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import Negotiator from "negotiator";
import { parseCookies } from "~/platform/http/cookies";
import { isCrawler } from "~/platform/http/crawlers.server";
import { runningScriptTypes } from "~/platform/http/page-scripts.server";

/**
 * A cache of rendered HTML and public API answers for anonymous visitors
 * (docs/decisions/0009-page-cache.md).
 *
 * - Which answers may be kept is the route's to say, in its `Cache-Control`: a page or an API
 *   answer is kept only when its route declared it `public` (and not `no-store`, `no-cache` or
 *   `private`), for no longer than its `s-maxage`/`max-age` nor `ttlMs`. Pages default to
 *   `private, no-cache` (entry.server.tsx), API answers to `no-store`: a route that says
 *   nothing is never kept. No list of paths to keep in step with the routes.
 * - Only GETs, and only the cookies the site reads count: those the page is rendered from
 *   (`pageCookies`, e.g. the consent record: their values, or what the page reads of them, are
 *   part of the key) and those that make it the visitor's own (`personalCookies`: second-factor
 *   step, flash, FAQ visitor…), which bypass the cache both ways. Any other cookie (an outside
 *   analytics script's, one the studio's main site sets for the whole domain, a load balancer's,
 *   the session's: only private pages read it, docs/decisions/0060) changes nothing the site
 *   renders, so it changes nothing here either.
 * - Key: path + query + the page cookies' values + the page headers' values (`pageHeaders`,
 *   request headers the page is rendered from) + crawler or not (crawlers get the whole
 *   document at once, browsers a stream: the bytes may differ).
 * - Pages leave the server (hit or not) with `Vary` naming the page headers, for the caches
 *   and browsers outside.
 * - Stored only for a 200 answer that sets no cookie: a page's text/html, an API answer's JSON.
 * - What leaves the server for outside caches (docs/decisions/0023-cdn-caching.md): an answer
 *   its route declared `public` carries `public, max-age=0, s-maxage=…, stale-while-revalidate=…`
 *   (`shared`) only for a GET or HEAD without a personal cookie or `Authorization` and from a
 *   visitor who has not accepted analytics (`privateWhen`: a copy kept by a CDN configured
 *   wrongly then never carries anything that tracks), with no `Vary: Cookie`: a CDN keys on the
 *   consent cookies as this cache does (deploy/nginx/cdn.conf, docs/decisions/0053), a 200 (or
 *   304) that sets no cookie, and for a page only when served from
 *   this cache (the stored copy, whose CSP holds hashes: a fresh render carries a per-response
 *   nonce, which must never be shared). Otherwise pages leave `private, no-cache` and API answers
 *   `private` with their route's `max-age`.
 * - A cached page cannot carry a per-response CSP nonce (a nonce served twice protects nothing),
 *   so at store time the nonces are removed and the CSP's nonce source is replaced by the
 *   sha256 hash of each inline script: the cached page allows exactly its own scripts.
 * - Hits are answered by `answer`, which the HTTP server calls before Express (server.js,
 *   `createHandler` in server/app.ts): a hit costs a key, a map lookup and one write of headers
 *   worked out when the page was stored. `serve`, first in Express's chain, does the same for a
 *   request that did not come through `answer` (development, tests), and `capture` after
 *   compression records misses (and keeps pages private outside).
 * - Entries live at most `ttlMs` (0: nothing is kept) and are dropped when the content version
 *   changes (content load, recruiting sync: see content-version.server.ts).
 */

export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** Bytes all stored pages may take together (64 MB when omitted). */
  maxBytes?: number;
  /**
   * Cookies the page is rendered from (the consent record): their values are part of the key.
   * A cookie given with `variant` keys on what the page reads of it (null: as if absent), so a
   * per-visitor value the page does not show (an id) does not make one entry per visitor.
   */
  pageCookies?: readonly KeyPart[];
  /**
   * Request headers the page is rendered from: part of the key like the page cookies, and
   * named in the `Vary` of pages.
   */
  pageHeaders?: readonly KeyPart[];
  /** Cookies that make a page the visitor's own: a request with one bypasses the cache. */
  personalCookies?: readonly string[];
  /**
   * Requests whose answers no shared cache may keep although they carry no personal cookie
   * (a visitor who accepted analytics), given the request's cookies.
   */
  privateWhen?: (cookies: ReadonlyMap<string, string>) => boolean;
  /** The current content version; entries stored under another version are stale. */
  version: () => Promise<string>;
  /** What outside shared caches (a CDN) may keep; unset or `maxAgeSeconds` 0: nothing. */
  shared?: SharedCacheOptions;
};

/** CDN_MAX_AGE_SECONDS and CDN_STALE_SECONDS (config.server.ts). */
export type SharedCacheOptions = { maxAgeSeconds: number; staleSeconds: number };

/** A cookie or header name, or a name and what of its value the key keeps. */
export type KeyPart = string | { name: string; variant: (value: string | undefined) => string | null };

const partName = (part: KeyPart) => (typeof part === "string" ? part : part.name);
const partValue = (part: KeyPart, value: string | undefined) =>
  JSON.stringify(typeof part === "string" ? (value ?? null) : part.variant(value));

type Entry = {
  body: Buffer;
  /** Compressed once, on the first hit that accepts gzip, instead of on every answer. */
  gzip?: Buffer;
  /**
   * The headers of a hit as `writeHead` takes them (name, value, name, value…), made on first
   * use for each of the four kinds of answer (shared or personal, gzip or not): a hit sets no
   * header one by one.
   */
  answers: Map<string, string[]>;
  headers: Record<string, string>;
  /**
   * What leaves for outside caches on a hit, worked out once from the Cache-Control its route
   * declared (a hit parses nothing): for a request a shared cache may keep, and for the others.
   */
  outside: { shared: string; personal: string };
  /** A page (document or data request), not an API answer. */
  page: boolean;
  version: string;
  expiresAt: number;
};

/** The JSON API: its answers are kept as JSON, pages as HTML. */
const apiPrefix = "/api/";

/**
 * What pages (documents and React Router's data requests) tell browsers and outside caches,
 * whatever their route declared for this cache.
 */
const PRIVATE_PAGE = "private, no-cache";
const isPageType = (type: string) => type.startsWith("text/html") || type.startsWith("text/x-script");

const MAX_KEY_LENGTH = 1024;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Response headers not stored with the page: they belong to one answer (or to its encoding).
 * All others (content type, cache control, the security headers) are served with it.
 */
const perResponseHeaders = new Set([
  "x-request-id",
  "x-page-cache",
  "date",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "vary",
  "etag",
  "set-cookie",
]);

function directivesOf(cacheControl: string): Map<string, string | undefined> {
  const directives = new Map<string, string | undefined>();
  for (const part of cacheControl.toLowerCase().split(",")) {
    const [name, value] = part.split("=").map((s) => s.trim());
    if (name) directives.set(name, value);
  }
  return directives;
}

/**
 * How long an answer may be shared, from its route's Cache-Control: 0 unless it says `public`
 * (and not `private`, `no-store` or `no-cache`), else its `s-maxage` or `max-age` in
 * milliseconds, at most `ttlMs`.
 */
export function sharedLifetimeMs(cacheControl: string, ttlMs: number): number {
  const directives = directivesOf(cacheControl);
  if (!directives.has("public") || ["private", "no-store", "no-cache"].some((d) => directives.has(d)))
    return 0;
  const maxAge = Number(directives.get("s-maxage") ?? directives.get("max-age") ?? Number.NaN);
  return Number.isFinite(maxAge) ? Math.min(ttlMs, Math.max(0, maxAge) * 1000) : ttlMs;
}

/** Whether a route's Cache-Control declares its answer the same for everyone it may be kept for. */
export function declaresPublic(cacheControl: string): boolean {
  const directives = directivesOf(cacheControl);
  return directives.has("public") && !["private", "no-store", "no-cache"].some((d) => directives.has(d));
}

/**
 * A request an outside shared cache may answer from a copy and fill: a GET or HEAD without a
 * personal cookie (`personal`), without credentials, and not `privateWhen` its cookies. Other
 * cookies do not count: a CDN keys on the consent cookies' values as the page cache does
 * (deploy/nginx/cdn.conf) and ignores the rest.
 */
export function shareableRequests(options: Pick<PageCacheOptions, "personalCookies" | "privateWhen">) {
  const personal = new Set(options.personalCookies ?? []);
  return (req: Pick<IncomingMessage, "method" | "headers">): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (req.headers.authorization) return false;
    if (hasPersonalCookie(req.headers.cookie, personal)) return false;
    return !options.privateWhen?.(parseCookies(req.headers.cookie));
  };
}

/** Whether the Cookie header names one of `personal` (a part without "=" counts by its text). */
function hasPersonalCookie(header: string | undefined, personal: ReadonlySet<string>): boolean {
  if (!header || personal.size === 0) return false;
  for (const part of header.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name && personal.has(name)) return true;
  }
  return false;
}

/**
 * What an outside shared cache is told about an answer its route declared `public`, once the
 * caller decided whether that answer may be shared (`shared`): `public, max-age=0,
 * s-maxage=<at most the route's own lifetime>, stale-while-revalidate=<…>`; otherwise pages are
 * `private, no-cache` and API answers `private` with their route's browser lifetime.
 */
export function outsideCacheControl(
  declared: string,
  options: { page: boolean; shared: boolean; sharedCache?: SharedCacheOptions },
): string {
  const directives = directivesOf(declared);
  const routeSeconds = Number(directives.get("s-maxage") ?? directives.get("max-age") ?? Number.NaN);
  const maxAge = Math.min(
    options.sharedCache?.maxAgeSeconds ?? 0,
    Number.isFinite(routeSeconds) ? Math.max(0, routeSeconds) : Number.POSITIVE_INFINITY,
  );
  if (options.shared && maxAge > 0)
    return `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${options.sharedCache?.staleSeconds ?? 0}`;
  if (options.page) return PRIVATE_PAGE;
  const kept = [...directives].filter(([name]) => name !== "public" && name !== "s-maxage");
  return ["private", ...kept.map(([name, value]) => (value === undefined ? name : `${name}=${value}`))].join(
    ", ",
  );
}

/** Set by `answer` on a request it did not serve: `serve` takes it instead of looking again. */
const lookedUp = Symbol("page-cache lookup");
type Pending = { key: string; version: string; api: boolean };
type LookedUp = IncomingMessage & { [lookedUp]?: Pending | null };

/** The path and query as the client sent them (Express's originalUrl; Node's url before Express). */
const urlOf = (req: IncomingMessage) => (req as Partial<Request>).originalUrl ?? req.url ?? "";

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Whether the client takes gzip (Express's acceptsEncodings, without Express). */
function acceptsGzip(req: IncomingMessage): boolean {
  return new Negotiator(req).encoding(["gzip", "identity"]) === "gzip";
}

/** 200, or 304 (a shared cache revalidating its copy), and no cookie set. */
function shareableAnswer(res: Response): boolean {
  return (res.statusCode === 200 || res.statusCode === 304) && res.getHeader("set-cookie") === undefined;
}

/**
 * sha256 CSP sources for the inline scripts of a document that carry `nonce` (scripts with src
 * need none). Only the scripts the renderer vouched for with the nonce are hashed: a script
 * smuggled into the page (an HTML injection in content) has no nonce, gets no hash, and stays
 * blocked on the cached copy as it was on the fresh one.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\ssrc\s*=/i.test(attrs) || !attrs.includes(` nonce="${nonce}"`)) continue;
    // JSON-LD and other data blocks are not executed; CSP does not govern them. The page's
    // module script held until the first paint is one too, but its text then runs as a module.
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase() ?? "";
    if (!runningScriptTypes.has(type)) continue;
    hashes.push(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

/** The page without its nonce attributes, and a CSP allowing its own inline scripts by hash. */
export function toCacheable(html: string, csp: string, nonce: string): { html: string; csp: string } {
  const hashes = inlineScriptHashes(html, nonce);
  const withoutNonce = html.split(` nonce="${nonce}"`).join("");
  const hashedCsp = hashes.length
    ? csp.replace(`'nonce-${nonce}'`, hashes.join(" "))
    : csp.replace(` 'nonce-${nonce}'`, "").replace(`'nonce-${nonce}'`, "");
  return { html: withoutNonce, csp: hashedCsp };
}

export function createPageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const pageCookies = [...(options.pageCookies ?? [])];
  const pageHeaders = [...(options.pageHeaders ?? [])];
  const varyOn = pageHeaders.map(partName);
  const personal = new Set(options.personalCookies ?? []);
  const isShareableRequest = shareableRequests(options);
  const stats = { hits: 0, misses: 0, stores: 0, bypasses: 0 };

  /**
   * The request's key, and whether a shared cache may keep its answer (a hit's headers say so):
   * a request with a key has no personal cookie and no credentials, so only `privateWhen` is
   * left to ask, of the cookies read here once.
   */
  function keyFor(req: IncomingMessage): { key: string; shared: boolean } | null {
    if (options.ttlMs <= 0 || (req.method !== "GET" && req.method !== "HEAD")) return null;
    const url = urlOf(req);
    if (url.length > MAX_KEY_LENGTH) return null;
    const cookieHeader = req.headers.cookie;
    if (hasPersonalCookie(cookieHeader, personal)) return null;
    // Pages the visitor asked to see with something personal in the request are not shared.
    if (req.headers.authorization) return null;
    const cookies = parseCookies(cookieHeader);
    const variant = pageCookies.map((part) => partValue(part, cookies.get(partName(part)))).join(",");
    const headers = pageHeaders
      .map((part) => partValue(part, headerOf(req, partName(part).toLowerCase())))
      .join(",");
    const bot = isCrawler(req.headers["user-agent"]) ? "bot" : "browser";
    const key = `${variant}|${headers}|${bot}|${url}`;
    if (key.length > 2 * MAX_KEY_LENGTH) return null;
    return { key, shared: !options.privateWhen?.(cookies) };
  }

  let totalBytes = 0;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.body.length + (entry.gzip?.length ?? 0);
    entries.delete(key);
  }

  function put(key: string, entry: Entry) {
    drop(key);
    // Map keeps insertion order: the oldest entries go first. Bounded in count and in bytes, so
    // requests with made-up query strings cannot grow the process without limit.
    while (
      entries.size > 0 &&
      (entries.size >= options.maxEntries || totalBytes + entry.body.length > maxBytes)
    ) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
    entries.set(key, entry);
    totalBytes += entry.body.length;
    stats.stores++;
  }

  /** The headers of one kind of hit, in `writeHead`'s flat form (see Entry.answers). */
  function answerHeaders(entry: Entry, shared: boolean, gzip: boolean, length: number): string[] {
    const kind = `${shared ? "s" : "p"}${gzip ? "z" : "i"}`;
    let headers = entry.answers.get(kind);
    if (headers) return headers;
    headers = [];
    const { page } = entry;
    // The stored copy: its CSP holds hashes, never a nonce, so it is the one a CDN may keep.
    // Without `shared`, answers leave as they did before (API answers as their route declared).
    const cacheControl = shared ? entry.outside.shared : entry.outside.personal;
    for (const [name, value] of Object.entries(entry.headers)) {
      if (name !== "cache-control" || !(options.shared || page)) headers.push(name, value);
    }
    if (options.shared || page) headers.push("Cache-Control", cacheControl);
    headers.push("X-Page-Cache", "hit");
    headers.push("Vary", ["Accept-Encoding", ...(page ? varyOn : [])].join(", "));
    // The compression middleware is not involved: the stored gzip copy is sent as it is.
    if (gzip) headers.push("Content-Encoding", "gzip");
    headers.push("Content-Length", String(length));
    entry.answers.set(kind, headers);
    return headers;
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry, shared: boolean) {
    let body = entry.body;
    const gzip = acceptsGzip(req);
    if (gzip) {
      if (!entry.gzip) {
        entry.gzip = zlib.gzipSync(entry.body);
        totalBytes += entry.gzip.length;
      }
      body = entry.gzip;
    }
    const headers = answerHeaders(entry, shared, gzip, body.length);
    // Hits write no request log line (that is most of their cost); the id still identifies them.
    res.writeHead(200, [...headers, "X-Request-Id", crypto.randomUUID()]);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  /**
   * How long a miss's answer may be kept (0: not at all): as long as its route declared it may
   * be shared, if it is what the request asked for (JSON from the API, a page elsewhere).
   */
  function lifetimeOf(res: Response, api: boolean): number {
    if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return 0;
    const type = String(res.getHeader("content-type") ?? "");
    if (!type.startsWith(api ? "application/json" : "text/html")) return 0;
    return sharedLifetimeMs(String(res.getHeader("cache-control") ?? ""), options.ttlMs);
  }

  /**
   * A hit answered with the headers stored with the page (the security headers included, its
   * CSP rewritten to hashes): "served". Otherwise what `capture` needs to store the answer
   * (null: nothing to store, the request bypasses the cache).
   */
  async function lookup(req: IncomingMessage, res: ServerResponse): Promise<Pending | null | "served"> {
    const keyed = keyFor(req);
    if (keyed === null) {
      stats.bypasses++;
      return null;
    }
    const { key, shared } = keyed;
    let version: string;
    try {
      version = await options.version();
    } catch {
      // Without a version the freshness is unknown: render as if there were no cache.
      return null;
    }
    const cached = entries.get(key);
    if (cached && cached.version === version && cached.expiresAt > Date.now()) {
      stats.hits++;
      send(req, res, cached, shared);
      return "served";
    }
    if (cached) drop(key);
    stats.misses++;
    if (req.method === "HEAD") return null;
    return { key, version, api: urlOf(req).startsWith(apiPrefix) };
  }

  /**
   * For the HTTP server, before Express: answers a hit and resolves true; otherwise resolves
   * false, the request keeping what `serve` needs so that it does not look again.
   */
  async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const found = await lookup(req, res);
    if (found === "served") return true;
    (req as LookedUp)[lookedUp] = found;
    return false;
  }

  /**
   * First in Express's chain, before logging, security headers and compression: notes what
   * `capture` needs for a miss, after answering a hit itself when the request did not come
   * through `answer`.
   */
  const serve: RequestHandler = async (req, res, next) => {
    let found = (req as LookedUp)[lookedUp];
    if (found === undefined) {
      const result = await lookup(req, res);
      if (result === "served") return;
      found = result;
    }
    if (found) res.locals.pageCache = found satisfies Pending;
    next();
  };

  /**
   * After compression (so it sees the page as rendered, not gzipped): just before the headers
   * leave, keeps pages private outside and decides whether a miss's answer may be kept; records
   * that answer and stores it.
   */
  const capture: RequestHandler = (req, res, next) => {
    const pending = res.locals.pageCache as Pending | undefined;
    const api = req.originalUrl.startsWith(apiPrefix);
    let decided = false;
    let lifetimeMs = 0;
    let declared = "";
    const decide = () => {
      if (decided || res.headersSent) return;
      decided = true;
      if (pending) lifetimeMs = lifetimeOf(res, pending.api);
      declared = String(res.getHeader("cache-control") ?? "");
      const type = String(res.getHeader("content-type") ?? "");
      const page = isPageType(type);
      if (page) {
        // A fresh render carries this response's nonce: never shared, whoever asked.
        if (directivesOf(declared).has("public")) res.setHeader("Cache-Control", PRIVATE_PAGE);
        for (const name of varyOn) res.vary(name);
      } else if (api && options.shared && declaresPublic(declared)) {
        const shared = isShareableRequest(req) && shareableAnswer(res);
        const cacheControl = outsideCacheControl(declared, { page, shared, sharedCache: options.shared });
        res.setHeader("Cache-Control", cacheControl);
      }
      if (lifetimeMs > 0) res.setHeader("X-Page-Cache", "miss");
    };
    // Node writes the headers through writeHead, also when the first write implies them.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      decide();
      return writeHead(...args);
    }) as Response["writeHead"];
    if (!pending) return next();
    const { key, version } = pending;

    // Record what the renderer writes (before compression, which sits below in the chain).
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const record = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || tooBig) return;
      if (decided && lifetimeMs <= 0) return;
      const buf =
        typeof chunk === "string"
          ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
          : Buffer.from(chunk as Uint8Array);
      size += buf.length;
      if (size > MAX_BODY_BYTES) tooBig = true;
      else chunks.push(buf);
    };
    res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
      record(chunk, encoding);
      return write(chunk, encoding, cb);
    }) as Response["write"];
    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
      record(chunk, encoding);
      try {
        decide();
        store();
      } catch {
        // A page that cannot be cached is still answered.
      }
      return end(chunk, encoding, cb);
    }) as Response["end"];

    const store = () => {
      if (tooBig || lifetimeMs <= 0) return;
      const nonce = res.locals.cspNonce as string | undefined;
      const csp = res.getHeader("content-security-policy");
      if (!nonce || typeof csp !== "string") return;
      const cacheable = toCacheable(Buffer.concat(chunks).toString("utf8"), csp, nonce);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (perResponseHeaders.has(name) || value === undefined) continue;
        headers[name] = Array.isArray(value) ? value.join(", ") : String(value);
      }
      headers["content-security-policy"] = cacheable.csp;
      put(key, {
        body: Buffer.from(cacheable.html, "utf8"),
        answers: new Map(),
        headers,
        outside: {
          shared: outsideCacheControl(declared, { page: !api, shared: true, sharedCache: options.shared }),
          personal: outsideCacheControl(declared, { page: !api, shared: false, sharedCache: options.shared }),
        },
        page: !api,
        version,
        expiresAt: Date.now() + lifetimeMs,
      });
    };
    next();
  };

  return {
    answer,
    serve,
    capture,
    stats,
    clear: () => {
      entries.clear();
      totalBytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return totalBytes;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
