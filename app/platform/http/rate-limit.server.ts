import net from "node:net";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { Logger } from "~/platform/logging.server";

/**
 * Rate limits in two tiers: `form` is strict (every form submission and upload, per client
 * and per form), `api` is generous (all of /api, per client). Counters live in memory, or in
 * Redis when REDIS_URL is set so that several processes behind a load balancer share them.
 */
export type RateLimitTier = "form" | "api";
export type RateLimits = Record<RateLimitTier, RateLimiterAbstract> & {
  store: "memory" | "redis";
  /**
   * A limiter of a feature's own (e.g. failed logins per identifier), counted in the same store
   * as the tiers, so that several processes share it too. Same name, same limiter.
   */
  budget(name: string, points: number, durationSeconds: number): RateLimiterAbstract;
  /**
   * Resolves once the shared store is connected (true) or after `timeoutMs` without it
   * (false: counting goes on in memory meanwhile). Boot waits for it so the first requests
   * already count in Redis.
   */
  ready(timeoutMs?: number): Promise<boolean>;
  /** Whether the shared store is connected now; undefined when there is none (memory). */
  connected(): boolean | undefined;
  close(): Promise<void>;
};

export type RateLimitSettings = {
  REDIS_URL?: string;
  REDIS_KEY_PREFIX?: string;
  RATE_LIMIT_FORM_POINTS: number;
  RATE_LIMIT_API_POINTS: number;
};

/** Window of each tier in seconds: forms count over 10 minutes, API calls over one minute. */
const windows: Record<RateLimitTier, number> = { form: 600, api: 60 };
export const TOO_MANY_REQUESTS = "TOO_MANY_REQUESTS";

export function createRateLimits(
  settings: RateLimitSettings,
  logger: Logger,
  options: { keyPrefix?: string; windows?: Partial<Record<RateLimitTier, number>> } = {},
): RateLimits {
  const keyPrefix = options.keyPrefix ?? `${settings.REDIS_KEY_PREFIX ?? "studio"}:rl`;
  const duration = { ...windows, ...options.windows };
  const points: Record<RateLimitTier, number> = {
    form: settings.RATE_LIMIT_FORM_POINTS,
    api: settings.RATE_LIMIT_API_POINTS,
  };
  const memoryLimiter = (name: string, points: number, duration: number) =>
    new RateLimiterMemory({ keyPrefix: `${keyPrefix}:${name}`, points, duration });
  const memory = (tier: RateLimitTier) => memoryLimiter(tier, points[tier], duration[tier]);
  const budgets = new Map<string, RateLimiterAbstract>();
  const budgetOf =
    (make: (name: string, points: number, duration: number) => RateLimiterAbstract) =>
    (name: string, points: number, duration: number) => {
      let limiter = budgets.get(name);
      if (!limiter) {
        limiter = make(name, points, duration);
        budgets.set(name, limiter);
      }
      return limiter;
    };

  if (!settings.REDIS_URL) {
    return {
      store: "memory",
      form: memory("form"),
      api: memory("api"),
      budget: budgetOf(memoryLimiter),
      ready: async () => true,
      connected: () => undefined,
      close: async () => {},
    };
  }

  // No offline queue: while Redis is unreachable a request must not wait for it; each limiter
  // then counts in process memory instead (the insurance limiter) until Redis is back, when
  // ioredis, which keeps reconnecting, makes the limiters count there again
  // (docs/decisions/0024-redis-outage.md).
  const redis = new Redis(settings.REDIS_URL, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  // Each transition is logged once: ioredis repeats its error on every reconnect attempt.
  let down = false;
  let closing = false;
  const lost = (err?: Error) => {
    if (down || closing) return;
    down = true;
    logger.warn({ err }, "rate-limit store (Redis) unavailable; counting in process memory until it is back");
  };
  redis.on("error", (err: Error) => lost(err));
  // A server that goes away may close the connection without an error.
  redis.on("close", () => lost());
  redis.on("ready", () => {
    if (down) logger.info("rate-limit store (Redis) reachable again; counting in Redis");
    down = false;
  });
  const sharedLimiter = (name: string, points: number, duration: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${keyPrefix}:${name}`,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memoryLimiter(name, points, duration),
    });
  const shared = (tier: RateLimitTier) => sharedLimiter(tier, points[tier], duration[tier]);
  return {
    store: "redis",
    form: shared("form"),
    api: shared("api"),
    budget: budgetOf(sharedLimiter),
    ready: (timeoutMs = 2000) =>
      redis.status === "ready"
        ? Promise.resolve(true)
        : new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), timeoutMs);
            redis.once("ready", () => {
              clearTimeout(timer);
              resolve(true);
            });
          }),
    connected: () => redis.status === "ready",
    close: async () => {
      closing = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The key of a client: its address as Express sees it (X-Forwarded-For is honoured only for
 * the configured number of trusted proxies). IPv6 clients usually hold a whole /64, so they
 * are counted per /64 rather than per address.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(":")}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head = "", tail = ""] = ip.split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = ip.includes("::") ? [...left, ...Array(missing).fill("0"), ...right] : left;
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""));
}

/** The Retry-After value of a refusal: seconds, at least 1. */
export function retryAfterSeconds(res: RateLimiterRes): string {
  return String(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
}

/**
 * Consumes one point for this key; resolves to the refusal when the client is over its limit.
 * A store failure (which the insurance limiter makes unlikely) lets the request through:
 * refusing every visitor because a counter is unavailable would be worse than not counting.
 */
export async function consumePoint(
  limiter: RateLimiterAbstract,
  key: string,
  logger?: Logger,
): Promise<RateLimiterRes | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (err) {
    if (err instanceof RateLimiterRes) return err;
    logger?.error({ err }, "rate limiter failed; request let through");
    return undefined;
  }
}

/**
 * Spends one point of each budget (limiter and key) or none: each point is taken by the store's
 * atomic consume, in order, so that requests sent at once cannot all pass a count made before
 * any of them was counted; once one budget is over, the points the earlier ones took are given
 * back, so a refused request costs no budget. Resolves to that refusal, undefined when every
 * point was spent. A store failure lets the request through, as consumePoint does.
 */
export async function consumeAll(
  budgets: ReadonlyArray<readonly [RateLimiterAbstract, string]>,
  logger?: Logger,
): Promise<RateLimiterRes | undefined> {
  for (const [i, [limiter, key]] of budgets.entries()) {
    const refused = await consumePoint(limiter, key, logger);
    if (!refused) continue;
    // A point not given back (the store failing now) only shortens that budget.
    await Promise.all(
      budgets.slice(0, i).map(([spent, spentKey]) => spent.reward(spentKey).catch(() => undefined)),
    );
    return refused;
  }
  return undefined;
}

/**
 * Express middleware: one point per request, per client (and per `name` when given, so each
 * form has its own budget). Over the limit: 429 `{ messages: ["TOO_MANY_REQUESTS"] }` with
 * Retry-After.
 */
export function rateLimit(limiter: RateLimiterAbstract, name?: string, logger?: Logger): RequestHandler {
  return async (req: ExpressRequest, res, next) => {
    const client = clientKey(req.ip);
    const refused = await consumePoint(limiter, name ? `${name}:${client}` : client, logger);
    if (!refused) {
      next();
      return;
    }
    res
      .status(429)
      .set("Retry-After", retryAfterSeconds(refused))
      .set("Cache-Control", "no-store")
      .json({ messages: [TOO_MANY_REQUESTS] });
  };
}
