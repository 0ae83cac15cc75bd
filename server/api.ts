import express from "express";
import { accountApiPart, accountSession, createAccountApi } from "~/features/account/index.server";
import { createAlertsApi } from "~/features/alerts/index.server";
import { createAnalyticsApi } from "~/features/analytics/index.server";
import { createNewsApi } from "~/features/blog/index.server";
import { createCareersApi } from "~/features/careers/index.server";
import { createConsentApi } from "~/features/consent/index.server";
import { createContactApi } from "~/features/contact/index.server";
import { createFaqApi } from "~/features/faq/index.server";
import { createBannersApi } from "~/features/home/index.server";
import { createPatchesApi } from "~/features/patches/index.server";
import { createPlatformsApi, platformsApiPart } from "~/features/platforms/index.server";
import { createPlaytestApi } from "~/features/playtesting/index.server";
import { createPressApi } from "~/features/press/index.server";
import { createIssuesApi } from "~/features/support-report/index.server";
import { apiErrorHandler, apiNotFound } from "~/platform/http/errors.server";
import { refuseForbiddenText } from "~/platform/http/input-guard.server";
import { openApiDocument } from "~/platform/http/openapi.server";
import { rateLimit } from "~/platform/http/rate-limit.server";
import { apiUnavailableErrors, refuseApiWhileDatabaseDown } from "~/platform/http/unavailable.server";
import type { Services } from "~/platform/services.server";
import { createUploadRouter } from "~/platform/uploads/upload-routes.server";

/**
 * The JSON contract of docs/requirements.md#http-api. Each feature mounts its own router here;
 * handlers are thin and call the same services as the pages.
 */
export function createApi(svc: Services) {
  const api = express.Router();
  api.use(rateLimit(svc.rateLimits.api, undefined, svc.logger));
  // While the database cannot be reached: 503 with Retry-After at once (public answers the page
  // cache holds were served before this).
  api.use(refuseApiWhileDatabaseDown(svc.database.availability));
  api.use(express.json({ limit: "100kb" }));
  api.use((_req, res, next) => {
    // API answers are per-visitor data unless a route says otherwise.
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  // Control characters and lone surrogates in the address or the body: 400 before any handler,
  // whatever its schema (multipart bodies are checked where they are parsed, in uploads).
  api.use(refuseForbiddenText);

  // The public job and office routes first: they carry most of the traffic (job seekers), and
  // every router mounted before them costs each of their requests a pass over its routes.
  api.use(createCareersApi(svc));
  api.use(createUploadRouter(svc.uploads, [rateLimit(svc.rateLimits.form, "uploads", svc.logger)]));

  api.use(createConsentApi(svc));
  api.use(createAnalyticsApi(svc));
  api.use(createBannersApi(svc));
  api.use(createNewsApi(svc));
  api.use(createFaqApi(svc));
  api.use(createPlaytestApi(svc));
  api.use(createAlertsApi(svc));
  // The description of the account and platforms endpoints (OpenAPI 3.1), the same for every
  // visitor: each part is declared beside the router it describes.
  api.get("/openapi.json", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.json(accountApiDescription());
  });
  api.use(createAccountApi(svc));
  api.use(createPlatformsApi(svc));
  api.use(createContactApi(svc));
  api.use(createIssuesApi(svc));
  api.use(createPatchesApi(svc));
  api.use(createPressApi(svc));

  api.use(apiNotFound);
  api.use(apiUnavailableErrors);
  api.use(apiErrorHandler);
  return api;
}

let description: object | undefined;

/** The account API's OpenAPI document, built on first request. */
export function accountApiDescription(): object {
  description ??= openApiDocument({
    info: {
      title: "Studio account API",
      version: "1",
      description:
        "The account calls (docs/requirements.md#account-and-second-factor). Same origin, JSON bodies, Cache-Control: no-store. See docs/account-api.md.",
    },
    session: accountSession,
    parts: [accountApiPart, platformsApiPart],
  });
  return description;
}
