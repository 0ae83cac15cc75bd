import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import { analyticsCsp } from "~/features/analytics/index.server";
import { analyticsAccepted, consentPageHeaders } from "~/features/consent";
import { siteCookies } from "~/features/consent/index.server";
import { createDiscoveryRouter } from "~/features/discovery/index.server";
import { platformsCspExtras } from "~/features/platforms/index.server";
import { createPressFilesRouter } from "~/features/press/index.server";
import { contentVersionOf } from "~/platform/cache/content-version.server";
import { createPageCache } from "~/platform/cache/page-cache.server";
import { countQueries, type QueryCounter } from "~/platform/db/query-count.server";
import { maxBytes } from "~/platform/forms/upload-rules";
import { limitPageBodies } from "~/platform/http/body-limit.server";
import { refuseCrossOriginPagePosts } from "~/platform/http/cross-origin-posts.server";
import { refuseForbiddenPagePath } from "~/platform/http/input-guard.server";
import { queueRenders } from "~/platform/http/render-queue.server";
import { pagePatterns, requestLogSerializers, routeOf } from "~/platform/http/request-log.server";
import { unavailableErrorHandler } from "~/platform/http/unavailable.server";
import { pageCacheCookies } from "~/platform/privacy/cookie-registry.server";
import { requestInfoContext, servicesContext } from "~/platform/request-context";
import { assetHeaders, pageHeaders, securityHeaders } from "~/platform/security/headers.server";
import "~/platform/forms/phone-numbers.server";
import { createApi } from "./api";
import { boot, isBooted, isStopping, markStopping, migrate, services, shutdown } from "./lifecycle";
import { onlyPublicEntries, precompressedFiles } from "./public-files";

export { boot, markStopping, migrate, shutdown };

/** React Router's route manifest (id, path, parent, module): tests walk every page from it. */
export const pageRoutes = build.routes;

const queriesOf = (res: ServerResponse) =>
  ((res as express.Response).locals?.queryCounter as QueryCounter | undefined)?.queries;

/**
 * Pages rendered at once; the others wait their turn. Enough for one page's database round trip
 * to overlap another's rendering, few enough that the core is not shared among dozens.
 */
const RENDERS_AT_ONCE = 4;

/** The browser's half of the build. */
const clientDir = (config: { BUILD_DIR: string }) => path.resolve(config.BUILD_DIR, "client");

/**
 * The build's files as express.static serves them. No folder is a page: without
 * `redirect: false`, `GET /\evil.example/../images` would answer with a Location a browser
 * reads as //evil.example/images/ (serve-static adds the folder's slash to the path as sent).
 */
const staticOptions = { index: false, redirect: false } as const;

/**
 * Form post bodies held in memory at once while their posts wait their turn (render-queue): a
 * few dozen forms, or ten with a 5 MB upload each. Past it, a post waits unread, as before.
 */
const HELD_BODY_BYTES = 64 * 1024 * 1024;

/** Page (form) bodies beyond this are refused before React Router reads them. */
const PAGE_BODY_MAX_BYTES = 1024 * 1024;

/**
 * The production server's request handler (server.js): page cache hits are answered before
 * Express (platform/cache/page-cache.server.ts), everything else by the app. A hit then costs
 * about what a bare node:http server spends on the same bytes (bench/README.md).
 */
export function createHandler(): (req: IncomingMessage, res: ServerResponse) => void {
  const { app, pageCache, routeOfRequest } = buildApp();
  const { metrics } = services();
  metrics.watchPageCache(pageCache.stats);
  return (req, res) => {
    if (metrics.enabled) {
      // Every answer, a cache hit included, under the route's pattern as the request's log line
      // names it. A hit never reached Express: its pattern is its path's page route (`/api/*`
      // for an API answer).
      const started = performance.now();
      res.once("finish", () => {
        const expressed = (res as express.Response).locals !== undefined;
        const route = expressed
          ? routeOfRequest(req as express.Request, res as express.Response)
          : routeOfRequest({ baseUrl: "", originalUrl: req.url ?? "/" }, { locals: {} });
        metrics.request(route, req.method ?? "GET", res.statusCode, (performance.now() - started) / 1000);
      });
    }
    pageCache.answer(req, res).then(
      (served) => {
        if (!served) app(req, res);
      },
      () => app(req, res),
    );
  };
}

/**
 * The whole HTTP app: headers, limits, static files, /api and the pages. server.js mounts it
 * through Vite in development; tests mount it as it is.
 */
export function createApp() {
  return buildApp().app;
}

function buildApp() {
  const svc = services();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", svc.config.HTTP_TRUST_PROXY);

  // The build's hashed files, first: a page loads some sixty, and the page machinery below
  // (request id, the page's CSP and its nonce, compression, the page cache) cost each ~1 ms of
  // CPU for nothing. They keep the headers a file needs (assetHeaders); scripts and style
  // sheets go out as the build compressed them (.br, .gz beside each: vite.config.ts), and
  // browsers and CDNs keep them for a year. A name not found goes on to the 404 page.
  if (svc.config.isProduction) {
    app.use(
      "/assets",
      assetHeaders(svc.config),
      precompressedFiles(path.join(clientDir(svc.config), "assets"), {
        ...staticOptions,
        immutable: true,
        maxAge: "1y",
      }),
    );
  }

  // Rendered pages and API answers their routes declare public, for visitors without a personal
  // cookie (platform/cache): hits are answered first, with the headers stored with the page (no
  // log line, no render); misses are recorded after compression. PAGE_CACHE_TTL_SECONDS=0 keeps
  // nothing. Which cookies pages are rendered from (the consent cookies; of the record cookie
  // only its revision: the consent id is never in a page) and which make a page personal
  // (session, second-factor step, flash, FAQ visitor) is the site's cookie list's to say; any
  // other cookie changes nothing. Pages are also rendered from the browser's Global Privacy
  // Control (Sec-GPC, also named in the pages' Vary).
  const pageCache = createPageCache({
    ttlMs: svc.config.PAGE_CACHE_TTL_SECONDS * 1000,
    maxEntries: 1000,
    ...pageCacheCookies(siteCookies(), svc.config),
    pageHeaders: consentPageHeaders,
    version: contentVersionOf(svc.db),
    // What a CDN may keep: answers to requests without a personal cookie, keyed on the consent
    // cookies as here, never for a visitor who accepted analytics (docs/decisions/0053).
    privateWhen: analyticsAccepted,
    shared: { maxAgeSeconds: svc.config.CDN_MAX_AGE_SECONDS, staleSeconds: svc.config.CDN_STALE_SECONDS },
  });
  app.use(pageCache.serve);

  const routeOfRequest = routeOf(pagePatterns(build.routes));
  app.use(
    pinoHttp({
      logger: svc.logger,
      genReqId: (_req, res) => {
        const id = crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      // One short line per request, naming the route's pattern, never the path as sent (see
      // request-log.server.ts); every line of the request's logger carries its id.
      customAttributeKeys: { responseTime: "duration" },
      serializers: requestLogSerializers,
      // Ours read the request and response as they are: pino-http's wrapping first copied each
      // into a full description (URL, every header) for ours to keep three fields of it.
      wrapSerializers: false,
      // The route the request reached, and the SQL statements it made
      // (platform/db/query-count.server.ts).
      customSuccessObject: (req, res, line) => ({
        ...line,
        route: routeOfRequest(req as express.Request, res as express.Response),
        queries: queriesOf(res),
      }),
      customErrorObject: (req, res, _err, line) => ({
        ...line,
        route: routeOfRequest(req as express.Request, res as express.Response),
        queries: queriesOf(res),
      }),
    }),
  );
  app.use((_req, res, next) => {
    const counter: QueryCounter = { queries: 0 };
    res.locals.queryCounter = counter;
    countQueries(counter, next);
  });

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      if (!isBooted() || isStopping()) throw new Error("booting or stopping");
      // A ping that fails marks the database down (pages and the API answer 503 until it is back).
      if (!(await svc.database.availability.check())) throw new Error("database unreachable");
      res.json({ status: "ready", database: svc.database.kind });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });

  // The platforms' sign-in pages as form targets, on every page. The outside analytics
  // provider's origin only for a visitor whose consent lets it run (analyticsCsp, on the pages'
  // route below). Origins only some pages use (a trailer's player, the contact page's map tiles
  // and reCAPTCHA) are added by those pages alone (pageHeaders,
  // docs/decisions/0025-click-to-load-embeds.md).
  app.use(securityHeaders(svc.config, platformsCspExtras(svc.config)));
  app.use(pageHeaders());
  app.use(compression());

  // Records pages for the page cache (see above), after compression so it sees them as rendered.
  app.use(pageCache.capture);

  // Before the static files: nothing is served from a folder under /api, so API requests skip
  // their file lookups (a stat per request, measured in bench/careers-bench.ts).
  app.use("/api", createApi(svc));

  if (svc.config.isProduction) {
    const client = clientDir(svc.config);
    app.use(
      onlyPublicEntries(client, express.static(client, { ...staticOptions, maxAge: "1h" }), ["assets"]),
    );
  }

  // sitemap.xml and robots.txt (features/discovery).
  app.use(createDiscoveryRouter(svc, build.routes));
  // Press kit files, thumbnails and zips (features/press).
  app.use(createPressFilesRouter(svc));
  // Another site's form post gets our 403 before its body is read or React Router sees it.
  app.use(refuseCrossOriginPagePosts(svc.config));
  app.use(
    limitPageBodies({
      maxBytes: PAGE_BODY_MAX_BYTES,
      multipartMaxBytes:
        maxBytes({ maxFiles: svc.config.UPLOAD_MAX_FILES, maxKb: svc.config.UPLOAD_MAX_KB }) +
        PAGE_BODY_MAX_BYTES,
    }),
  );

  // A page address React Router could not even render an error page for (see input-guard).
  app.use(refuseForbiddenPagePath);
  app.all(
    "/{*splat}",
    // The provider's origin in a page's policy for a visitor whose consent lets it run: only a
    // document's policy governs what its scripts reach, so files and the API never read it.
    analyticsCsp(svc),
    // Pages render a few at a time, first come first served; a form post read whole is carried
    // out even if its client leaves before its turn (platform/http/render-queue.server.ts).
    queueRenders(
      {
        concurrency: RENDERS_AT_ONCE,
        heldBodyBytes: HELD_BODY_BYTES,
        onStart: svc.metrics.enabled ? (waitedMs) => svc.metrics.renderWait(waitedMs / 1000) : undefined,
      },
      createRequestHandler({
        build,
        mode: svc.config.NODE_ENV,
        getLoadContext: (req, res) => {
          const context = new RouterContextProvider();
          context.set(servicesContext, svc);
          context.set(requestInfoContext, {
            nonce: res.locals.cspNonce as string,
            requestId: String(req.id),
            clientIp: req.ip ?? "",
          });
          return context;
        },
      }),
    ),
  );
  // The Express routes' errors (sitemap, press files): an unreachable database answers 503.
  app.use(unavailableErrorHandler);
  return { app, pageCache, routeOfRequest };
}
