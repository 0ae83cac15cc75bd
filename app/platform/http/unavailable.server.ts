/*
 * The site's answer while its database, or its file store (FILE_STORE_URL,
 * docs/decisions/0030-shared-file-store.md), cannot be reached: 503 with Retry-After, never a 500
 * or a request left waiting. Pages show the site's error page with that status, the JSON API
 * `{ "messages": ["SERVICE_TEMPORARILY_UNAVAILABLE"] }`; pages in the page cache are still
 * served (it answers before any of this). The site recovers by itself when the database answers
 * again (availability.server.ts).
 */
import type { ErrorRequestHandler, RequestHandler } from "express";
import { data, type MiddlewareFunction } from "react-router";
import { type Availability, isDatabaseUnreachable } from "~/platform/db/availability.server";
import { isFileStoreUnavailable } from "~/platform/files/file-store.server";
import { servicesContext } from "~/platform/request-context";
import { HttpError } from "./errors.server";
import { type Refusal, refuse } from "./outcome";

export const SERVICE_TEMPORARILY_UNAVAILABLE = "SERVICE_TEMPORARILY_UNAVAILABLE";

/**
 * Seconds a client is asked to wait: the database is probed every second once it is down, so
 * this is about when a restarting server (a few seconds) takes requests again.
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 10;
const retryAfter = { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) };

/** The database or the file store could not be reached: the request may be tried again soon. */
export const isServiceUnreachable = (err: unknown) =>
  isDatabaseUnreachable(err) || isFileStoreUnavailable(err);

/** A use case's refusal for a write the unreachable database could not take. */
export const databaseUnavailable = (): Refusal =>
  refuse(503, SERVICE_TEMPORARILY_UNAVAILABLE, { headers: retryAfter });

/** The JSON API's error for the same (apiErrorHandler answers it as `{ messages }`). */
export const databaseUnavailableError = () =>
  new HttpError(503, [SERVICE_TEMPORARILY_UNAVAILABLE], { ...retryAfter, "Cache-Control": "no-store" });

/** For /api: while the database is known to be down, 503 at once, before any handler waits on it. */
export function refuseApiWhileDatabaseDown(availability: Availability): RequestHandler {
  return (_req, _res, next) => {
    next(availability.up() ? undefined : databaseUnavailableError());
  };
}

/** Under /api, just before apiErrorHandler: an unreachable database's error becomes its 503. */
export const apiUnavailableErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  next(isServiceUnreachable(err) ? databaseUnavailableError() : err);
};

/**
 * The pages' route middleware, two steps. The inner one: while the database is known to be down,
 * the site's error page with 503 before any loader or action runs (so none waits on it or writes
 * half); and a page that failed otherwise (500) while the database has just gone away, or while
 * the file store does not answer (a download of one's data, a deletion), is answered the same:
 * each is asked once, then, as the error itself does not reach a middleware.
 * The outer one adds Retry-After to that page, which React Router renders from the error without
 * the headers given with it.
 */
export const refusePagesWhileDatabaseDown: MiddlewareFunction<Response>[] = [
  async (_args, next) => {
    const response = await next();
    if (response.status === 503 && !response.headers.has("Retry-After"))
      response.headers.set("Retry-After", retryAfter["Retry-After"]);
    return response;
  },
  async ({ context }, next) => {
    const services = context.get(servicesContext);
    const { availability } = services.database;
    if (!availability.up()) throw data(null, { status: 503 });
    const response = await next();
    if (response.status >= 500 && (!(await availability.check()) || !(await services.files.ping())))
      throw data(null, { status: 503 });
    return response;
  },
];

/**
 * The last Express error handler (the Express routes outside /api and the pages: sitemap,
 * press files): a database or file store that could not be reached answers 503 rather than
 * Express's 500.
 */
export const unavailableErrorHandler: ErrorRequestHandler = (err, _req, res, next) => {
  if (!isServiceUnreachable(err) || res.headersSent) {
    next(err);
    return;
  }
  res
    .status(503)
    .set(retryAfter)
    .set("Cache-Control", "no-store")
    .type("text/plain")
    .send("Service unavailable");
};
