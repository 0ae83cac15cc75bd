import type { Config } from "~/platform/config.server";
import type { Database, Db } from "~/platform/db/client.server";
import type { RateLimits } from "~/platform/http/rate-limit.server";
import type { Logger } from "~/platform/logging.server";
import type { UploadStore } from "~/platform/uploads/upload-store.server";

/**
 * The process's shared services, built once at boot (server/lifecycle.ts) and handed to the
 * JSON API and to every loader/action through the request context.
 */
export type Services = {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  /** Files visitors send with forms (POST /api/uploads; `attach` them in a feature's transaction). */
  uploads: UploadStore;
  /** Rate-limit tiers: `form` for submissions (see consumeFormLimit), `api` for /api. */
  rateLimits: RateLimits;
};
