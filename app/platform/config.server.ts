import path from "node:path";
import { z } from "zod";
import { describeFileStoreUrl, FileStoreUrlError, parseFileStoreUrl } from "./files/file-store-url";

/**
 * Every setting the process reads, validated once at boot. Names are stable (see README's
 * configuration table); an outside service is off when its base URL is unset.
 */
const optionalUrl = z.url({ protocol: /^https?$/ }).optional();
/**
 * An identity provider's endpoint: https, except a loopback address (a local stand-in in tests),
 * since tokens and assertions travel over it.
 */
const providerUrl = z
  .url({ protocol: /^https?$/ })
  .refine(
    (value) =>
      value.startsWith("https:") || ["127.0.0.1", "localhost", "[::1]"].includes(new URL(value).hostname),
    "must be https (http only for a loopback stand-in)",
  )
  .optional();
/** One OAuth 2.0 platform's endpoints and client: off unless all five are set. */
const oauthPlatformEnv = (p: "TWITCH" | "GALAXY" | "GGP") =>
  ({
    [`${p}_AUTH_URL`]: providerUrl,
    [`${p}_TOKEN_URL`]: providerUrl,
    [`${p}_USERINFO_URL`]: providerUrl,
    [`${p}_CLIENT_ID`]: z.string().min(1).max(300).optional(),
    [`${p}_CLIENT_SECRET`]: z.string().min(1).max(500).optional(),
  }) as Record<
    `${typeof p}_${"AUTH_URL" | "TOKEN_URL" | "USERINFO_URL" | "CLIENT_ID" | "CLIENT_SECRET"}`,
    z.ZodOptional<z.ZodString>
  >;
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("no-reply@localhost"),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * An S3-compatible bucket for uploads and generated files, shared by every machine
   * (files/file-store-url.ts); unset: DATA_DIR on this machine's disk.
   */
  FILE_STORE_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseFileStoreUrl(value);
      } catch (err) {
        if (!(err instanceof FileStoreUrlError)) throw err;
        ctx.addIssue({ code: "custom", message: err.message });
      }
    })
    .optional(),
  /** What this site's Redis keys start with, so that sites or test runs can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,100}$/, "letters, digits, '_', '.' or '-' only")
    .default("studio"),
  /**
   * Seconds a stopping process waits for its open requests to finish before it cuts them; keep
   * it below the service manager's stop timeout.
   */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Trust X-Forwarded-* from this many proxies (0 when the app faces the internet). */
  HTTP_TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Content folder loaded into the database at start. */
  CONTENT_DIR: z.string().min(1).default("./content"),
  /** Where `npm run build` writes and the production server reads the build. */
  BUILD_DIR: z.string().min(1).default("build"),
  /** Outside analytics provider script URL; off when unset (first-party counts only). */
  ANALYTICS_SCRIPT_URL: optionalUrl,
  /**
   * Comma-separated names of the cookies that outside provider sets, removed when a visitor
   * rejects analytics. Empty by default: first-party analytics sets no cookie.
   */
  ANALYTICS_COOKIE_NAMES: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, "not a cookie name")))
    .default([]),
  /** Days the first-party page-view counts are kept before they are deleted (about 25 months). */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3660).default(760),
  /**
   * Months the records of visitors' cookie choices (proof of consent) are kept before a
   * scheduled task deletes them; the privacy page states 36
   * (docs/decisions/0020-consent-records-and-gpc.md).
   */
  CONSENT_RECORD_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(36),
  /**
   * Upload size limit in KB, for one file and for all files of one form
   * (docs/requirements.md#uploads: 5000).
   */
  UPLOAD_MAX_KB: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /** Files one form may carry (docs/requirements.md#uploads: 1). */
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(20).default(1),
  /** How often the mail worker looks for e-mails to send. */
  MAIL_WORKER_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** Tries per e-mail (backoff MAIL_RETRY_BASE_SECONDS doubling to at most 1 h) before it is marked failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Seconds before an e-mail whose delivery failed is tried again the first time; each later
   * wait doubles, up to an hour (docs/decisions/0005-mail-outbox.md). Tests of a relay outage
   * set it to 1.
   */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Form submissions (and uploads) per client and per form in 10 minutes. */
  RATE_LIMIT_FORM_POINTS: z.coerce.number().int().min(1).default(10),
  /** JSON API calls per client per minute. */
  RATE_LIMIT_API_POINTS: z.coerce.number().int().min(1).default(300),
  /**
   * Months playtest sign-ups and survey answers are kept before they are deleted
   * (docs/requirements.md#retention).
   */
  PLAYTEST_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /**
   * Breached-password range service (k-anonymity, the Pwned Passwords API shape:
   * GET {url}/range/{first 5 SHA-1 hex}); off when unset: only the bundled common-password list.
   */
  PWNED_PASSWORDS_URL: optionalUrl,
  /**
   * Text-message provider for second-factor codes: a Twilio-style API (POST {url}/Messages.json,
   * form fields To/From/Body, HTTP basic auth). Off when unset: messages are written as files
   * under DATA_DIR/sms instead (like the mail outbox without SMTP).
   */
  SMS_API_URL: optionalUrl,
  SMS_API_USERNAME: z.string().min(1).max(200).optional(),
  SMS_API_PASSWORD: z.string().min(1).max(500).optional(),
  /** Sender number (E.164) or sender id for text messages. */
  SMS_FROM: z.string().min(1).max(20).default("Studio"),
  /**
   * Base URL of a Greenhouse job board (https://boards-api.greenhouse.io/v1/boards/<token>) that
   * `npm run jobs:sync` imports offers from; off when unset (offers come from content/ only).
   */
  GREENHOUSE_BOARD_URL: optionalUrl,
  /** Minutes between Greenhouse syncs run by the site itself; unset: only `npm run jobs:sync`. */
  GREENHOUSE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(5).max(10_080).optional(),
  /**
   * Seconds between the runs of every once-per-period background task (job alert matching, the
   * recruiting sync, the retention and upload purges, playtest reminders) in place of each one's
   * own period (a minute to a day); unset in production. For tests and a staging site that must
   * see them run across processes in seconds (docs/decisions/0022-tasks-once-across-processes.md).
   */
  TASK_PERIOD_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  /**
   * Port of this process's Prometheus endpoint, `GET /metrics` on 127.0.0.1 only
   * (deploy/README.md, "Metrics and alerts"); unset: no endpoint, nothing recorded. One per instance, as
   * PORT is (the systemd unit sets 910i for instance i).
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Where `npm run db:backup` writes its backups (one folder each, 0700, files 0600): a disk of
   * its own or a mount other than DATA_DIR's; unset: no backups (deploy/README.md, "Backups and
   * restore"). Setting it requires ERASURE_JOURNAL_KEY.
   */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Days a backup is kept: each `npm run db:backup` deletes older ones (the newest always stays). */
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  /**
   * The erasure journal's HMAC key (at least 32 characters, e.g. `openssl rand -hex 32`): each
   * erased item is journalled as its kind and HMAC-SHA256(key, id), replayed after a restore
   * (app/platform/privacy/erasure-journal.server.ts). Unset: nothing is journalled, and
   * backups are refused. Never changed while a backup is kept: a replay recognises ids by it.
   */
  ERASURE_JOURNAL_KEY: z.string().min(32, "at least 32 characters").max(512).optional(),
  /**
   * The erasure journal's folder; unset: DATA_DIR/erasure-journal. Outside what backups copy
   * and restores replace (the database and the file store), so a restore never takes it back.
   */
  ERASURE_JOURNAL_DIR: z.string().min(1).optional(),
  /**
   * Seconds a rendered public page (home, careers, job, blog pages) and an API answer its route
   * marks `Cache-Control: public` are served from memory to anonymous visitors
   * (docs/decisions/0009-page-cache.md). Unset: 60 in production, off in development (where
   * cached HTML would hide code edits); 0: off.
   */
  PAGE_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /**
   * Seconds an outside shared cache (a CDN) may keep a public page or public API answer given to
   * a request without any cookie (`s-maxage`; at most the route's own lifetime); 0: nothing is
   * shared (pages leave `private, no-cache`, public API answers `private` with their route's
   * `max-age`: docs/decisions/0023-cdn-caching.md).
   */
  CDN_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Seconds past that a CDN may serve its copy while it fetches a new one (`stale-while-revalidate`). */
  CDN_STALE_SECONDS: z.coerce.number().int().min(0).max(604_800).default(300),
  /** Where job applications are sent; the recruiting address in content/studio.yaml when unset. */
  CAREERS_RECRUITING_EMAIL: z.email().optional(),
  /**
   * Months job applications and their résumés are kept before they are deleted
   * (docs/requirements.md#retention).
   */
  CAREERS_APPLICATION_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(6),
  /**
   * Months contact messages, issue reports and feedback are kept before they are deleted
   * (docs/requirements.md#retention).
   */
  CONTACT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  /** reCAPTCHA v3 site key (public); no bot check in the browser when unset. */
  RECAPTCHA_SITE_KEY: z
    .string()
    .regex(/^[\w-]{10,100}$/, "not a site key")
    .optional(),
  /** reCAPTCHA secret; the server verifies tokens only when it is set. */
  RECAPTCHA_SECRET: z.string().min(10).max(200).optional(),
  RECAPTCHA_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .default("https://www.google.com/recaptcha/api/siteverify"),
  RECAPTCHA_SCRIPT_URL: z.url({ protocol: /^https?$/ }).default("https://www.google.com/recaptcha/api.js"),
  /** Lowest score (0 bot … 1 human) a token needs. */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /**
   * Map tiles for the contact page's office map, as a Leaflet URL template
   * ("https://tile.example/{z}/{x}/{y}.png"); unset: a list of offices with map links instead.
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*$/, "not a tile URL template with {z}, {x} and {y}")
    .refine((value) => value.includes("{x}") && value.includes("{y}"), "needs {x} and {y}")
    .optional(),
  /** The tiles' required credit, shown on the map (plain text). */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(""),
  /**
   * Steam's OpenID 2.0 endpoint (https://steamcommunity.com/openid/login); off when unset: no
   * Steam linking or sign-in (docs/decisions/0014-linked-platforms.md).
   */
  STEAM_OPENID_URL: providerUrl,
  /** What a Steam claimed_id starts with before its 17-digit SteamID64 (another for a stand-in). */
  STEAM_OPENID_ID_PREFIX: z.url().default("https://steamcommunity.com/openid/id/"),
  /**
   * Steam's Web API (https://api.steampowered.com) and its key: with both, a linked Steam
   * account shows its persona name rather than its SteamID64. Optional; off when unset.
   */
  STEAM_WEB_API_URL: providerUrl,
  STEAM_WEB_API_KEY: z.string().min(1).max(200).optional(),
  ...oauthPlatformEnv("TWITCH"),
  ...oauthPlatformEnv("GALAXY"),
  ...oauthPlatformEnv("GGP"),
  /**
   * Merchandise store's public product list (a Shopify-style `GET {url}/products.json`); unset:
   * the products of content/merch.
   */
  MERCH_STORE_URL: optionalUrl,
  /** The store's prices' currency (ISO 4217): Shopify's public product list does not say it. */
  MERCH_STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "not an ISO 4217 code")
    .default("USD"),
});

export type Config = Omit<z.infer<typeof envSchema>, "PAGE_CACHE_TTL_SECONDS"> & {
  PAGE_CACHE_TTL_SECONDS: number;
  dataDir: string;
  /** BACKUP_DIR as an absolute path, or undefined: no backups. */
  backupDir: string | undefined;
  /** Where erasures are journalled (ERASURE_JOURNAL_DIR, or DATA_DIR/erasure-journal). */
  erasureJournalDir: string;
  contentDir: string;
  publicUrl: string;
  isProduction: boolean;
  secureCookies: boolean;
};

export class ConfigError extends Error {}

/** Parses an environment; throws a ConfigError naming each bad variable and why. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  // An empty string means "unset" for every variable, as shells and .env files produce them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ""));
  const result = envSchema
    .refine((c) => !c.BACKUP_DIR || c.ERASURE_JOURNAL_KEY, {
      // A backup without the journal would bring back, on restore, whoever was erased after it.
      message: "required with BACKUP_DIR (erasures are journalled so that a restore keeps them)",
      path: ["ERASURE_JOURNAL_KEY"],
    })
    .safeParse(cleaned);
  if (!result.success) {
    const shown = (name: string) =>
      // The store's URL carries its secret: shown without its credentials; the key not at all.
      name === "FILE_STORE_URL"
        ? describeFileStoreUrl(cleaned[name] ?? "")
        : name === "ERASURE_JOURNAL_KEY" && cleaned[name]
          ? `(${cleaned[name].length} characters)`
          : cleaned[name];
    const lines = result.error.issues.map(
      (issue) =>
        `  ${issue.path.join(".")}: ${issue.message} (got ${JSON.stringify(shown(String(issue.path[0])))})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = result.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, "");
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    backupDir: c.BACKUP_DIR ? path.resolve(c.BACKUP_DIR) : undefined,
    erasureJournalDir: path.resolve(c.ERASURE_JOURNAL_DIR ?? path.join(c.DATA_DIR, "erasure-journal")),
    contentDir: path.resolve(c.CONTENT_DIR),
    publicUrl,
    isProduction: c.NODE_ENV === "production",
    PAGE_CACHE_TTL_SECONDS: c.PAGE_CACHE_TTL_SECONDS ?? (c.NODE_ENV === "production" ? 60 : 0),
    secureCookies: publicUrl.startsWith("https://"),
  };
}
