import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import { Redis } from "ioredis";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../../scripts/lib/site-process";
import { createLogger } from "../logging.server";
import { requestInfoContext, servicesContext } from "../request-context";
import type { Services } from "../services.server";
import { clientKey, createRateLimits, type RateLimits, rateLimit } from "./rate-limit.server";
import { consumeFormLimit } from "./route-limits.server";

const logger = createLogger("silent");
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const opened: RateLimits[] = [];
const servers: ReturnType<express.Express["listen"]>[] = [];

function limits(
  settings: Partial<Parameters<typeof createRateLimits>[0]> = {},
  windows = { form: 1, api: 1 },
) {
  const created = createRateLimits(
    { RATE_LIMIT_FORM_POINTS: 2, RATE_LIMIT_API_POINTS: 3, ...settings },
    logger,
    { keyPrefix: `test:${crypto.randomUUID()}`, windows },
  );
  opened.push(created);
  return created;
}

/** An app limited like /api: the api tier on everything, the form tier on POST /upload. */
async function serve(tiers: RateLimits, trustProxy = 0) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(rateLimit(tiers.api));
  app.post("/upload", rateLimit(tiers.form, "uploads"), (_req, res) => {
    res.json({ ok: true });
  });
  app.post("/contact", rateLimit(tiers.form, "contact"), (_req, res) => {
    res.json({ ok: true });
  });
  app.get("/jobs", (_req, res) => {
    res.json({ ok: true });
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (method: string, path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { method, headers });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});
afterAll(async () => {
  for (const tiers of opened) await tiers.close();
});

describe("rate limiting, memory store", () => {
  it("answers 429 TOO_MANY_REQUESTS with Retry-After over the limit, and resets after the window", async () => {
    const tiers = limits();
    expect(tiers.store).toBe("memory");
    const call = await serve(tiers);
    expect((await call("GET", "/jobs")).status).toBe(200);
    expect((await call("GET", "/jobs")).status).toBe(200);
    expect((await call("GET", "/jobs")).status).toBe(200);
    const refused = await call("GET", "/jobs");
    expect(refused).toEqual({ status: 429, retryAfter: "1", body: { messages: ["TOO_MANY_REQUESTS"] } });

    await sleep(1100);
    expect((await call("GET", "/jobs")).status).toBe(200);
  });

  it("gives each form its own, stricter budget", async () => {
    const call = await serve(limits({ RATE_LIMIT_API_POINTS: 100 }));
    expect((await call("POST", "/upload")).status).toBe(200);
    expect((await call("POST", "/upload")).status).toBe(200);
    expect((await call("POST", "/upload")).status).toBe(429);
    // Another form still has its budget.
    expect((await call("POST", "/contact")).status).toBe(200);
  });

  it("counts per client, trusting X-Forwarded-For only behind a configured proxy", async () => {
    const direct = await serve(limits({ RATE_LIMIT_API_POINTS: 100 }), 0);
    // Without a trusted proxy a forged header does not buy a fresh budget.
    expect((await direct("POST", "/upload", { "x-forwarded-for": "203.0.113.1" })).status).toBe(200);
    expect((await direct("POST", "/upload", { "x-forwarded-for": "203.0.113.2" })).status).toBe(200);
    expect((await direct("POST", "/upload", { "x-forwarded-for": "203.0.113.3" })).status).toBe(429);

    const proxied = await serve(limits({ RATE_LIMIT_API_POINTS: 100 }), 1);
    for (let i = 0; i < 2; i++) {
      expect((await proxied("POST", "/upload", { "x-forwarded-for": "203.0.113.1" })).status).toBe(200);
    }
    expect((await proxied("POST", "/upload", { "x-forwarded-for": "203.0.113.1" })).status).toBe(429);
    expect((await proxied("POST", "/upload", { "x-forwarded-for": "203.0.113.2" })).status).toBe(200);
  });
});

describe("clientKey", () => {
  it("keys IPv4 by address and IPv6 by its /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0DB8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

describe("consumeFormLimit", () => {
  function context(tiers: RateLimits, clientIp: string) {
    const ctx = new RouterContextProvider();
    ctx.set(servicesContext, { rateLimits: tiers, logger } as unknown as Services);
    ctx.set(requestInfoContext, { nonce: "n", requestId: "r", clientIp });
    return ctx;
  }

  it("throws a 429 data() response with Retry-After once a client is over a form's limit", async () => {
    const tiers = limits({}, { form: 600, api: 60 });
    const ctx = context(tiers, "198.51.100.7");
    await consumeFormLimit(ctx, "contact");
    await consumeFormLimit(ctx, "contact");
    const thrown = await consumeFormLimit(ctx, "contact").then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(thrown).toMatchObject({
      data: { messages: ["TOO_MANY_REQUESTS"] },
      init: { status: 429, headers: { "Retry-After": expect.stringMatching(/^(599|600)$/) } },
    });
    // Other forms and other clients are unaffected.
    await expect(consumeFormLimit(ctx, "alerts")).resolves.toBeUndefined();
    await expect(consumeFormLimit(context(tiers, "198.51.100.8"), "contact")).resolves.toBeUndefined();
  });
});

describe("rate limiting, Redis store", () => {
  it("keeps counters in Redis, shared by every process, and resets them after the window", async () => {
    const prefix = `test:${crypto.randomUUID()}`;
    const settings = { REDIS_URL, RATE_LIMIT_FORM_POINTS: 2, RATE_LIMIT_API_POINTS: 100 };
    // Two processes behind a load balancer: two limiters on the same Redis.
    const first = createRateLimits(settings, logger, { keyPrefix: prefix, windows: { form: 1 } });
    const second = createRateLimits(settings, logger, { keyPrefix: prefix, windows: { form: 1 } });
    opened.push(first, second);
    expect(first.store).toBe("redis");
    expect(await first.ready()).toBe(true);
    expect(await second.ready()).toBe(true);
    const one = await serve(first);
    const two = await serve(second);

    expect((await one("POST", "/upload")).status).toBe(200);
    expect((await two("POST", "/upload")).status).toBe(200);
    expect(await one("POST", "/upload")).toMatchObject({ status: 429, retryAfter: "1" });
    expect((await two("POST", "/upload")).status).toBe(429);

    const redis = new Redis(REDIS_URL);
    try {
      const formKey = `${prefix}:form:uploads:127.0.0.1`;
      expect((await redis.keys(`${prefix}:*`)).sort()).toEqual([`${prefix}:api:127.0.0.1`, formKey]);
      expect(Number(await redis.get(formKey))).toBe(4);
      await sleep(1100);
      expect(await redis.exists(formKey)).toBe(0);
      expect((await one("POST", "/upload")).status).toBe(200);
    } finally {
      const left = await redis.keys(`${prefix}:*`);
      if (left.length) await redis.del(...left);
      redis.disconnect();
    }
  });

  it("shares a feature's own budget (e.g. failed logins) between processes", async () => {
    const prefix = `test:${crypto.randomUUID()}`;
    const settings = { REDIS_URL, RATE_LIMIT_FORM_POINTS: 2, RATE_LIMIT_API_POINTS: 100 };
    const first = createRateLimits(settings, logger, { keyPrefix: prefix });
    const second = createRateLimits(settings, logger, { keyPrefix: prefix });
    opened.push(first, second);
    expect(await first.ready()).toBe(true);
    expect(await second.ready()).toBe(true);
    const a = first.budget("account:login", 2, 60);
    expect(first.budget("account:login", 2, 60)).toBe(a);
    const b = second.budget("account:login", 2, 60);
    await a.consume("someone");
    await b.consume("someone");
    // The third failure is refused whichever process sees it.
    await expect(a.consume("someone")).rejects.toMatchObject({ remainingPoints: 0 });
    await expect(b.consume("someone else")).resolves.toMatchObject({ remainingPoints: 1 });
    const redis = new Redis(REDIS_URL);
    try {
      const left = await redis.keys(`${prefix}:*`);
      expect(left.sort()).toEqual([
        `${prefix}:account:login:someone`,
        `${prefix}:account:login:someone else`,
      ]);
      await redis.del(...left);
    } finally {
      redis.disconnect();
    }
  });

  it("keeps limiting in memory while Redis cannot be reached", async () => {
    const tiers = limits({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` }, { form: 600, api: 60 });
    expect(tiers.store).toBe("redis");
    expect(await tiers.ready(200)).toBe(false);
    const call = await serve(tiers);
    expect((await call("POST", "/upload")).status).toBe(200);
    expect((await call("POST", "/upload")).status).toBe(200);
    expect(await call("POST", "/upload")).toMatchObject({
      status: 429,
      body: { messages: ["TOO_MANY_REQUESTS"] },
    });
  });
});
