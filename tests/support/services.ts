import type { AddressInfo } from "node:net";
import express, { type Router } from "express";
import type { Config } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { apiErrorHandler, apiNotFound } from "~/platform/http/errors.server";
import { createRateLimits } from "~/platform/http/rate-limit.server";
import { createLogger } from "~/platform/logging.server";
import { noMetrics } from "~/platform/metrics/metrics.server";
import type { Services } from "~/platform/services.server";

/**
 * The services a feature's database test hands to its API and functions: the test's database,
 * a configuration, a silent logger and rate limits in memory (configured by `config`). Tests
 * that send files pass `uploads` and its `files`.
 */
export function testServices(database: Database, config: Config, extra: Partial<Services> = {}): Services {
  const logger = extra.logger ?? createLogger("silent");
  return {
    config,
    database,
    db: database.db,
    logger,
    files: undefined as never,
    uploads: undefined as never,
    rateLimits: createRateLimits(config, logger),
    metrics: noMetrics,
    ...extra,
  };
}

/**
 * Serves feature routers under /api on a free local port, with the JSON body parser, 404 and
 * error handler of server/api.ts. `url` ends in /api.
 */
export async function serveApi(...routers: Router[]): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  app.use("/api", express.json({ limit: "100kb" }), ...routers, apiNotFound, apiErrorHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
