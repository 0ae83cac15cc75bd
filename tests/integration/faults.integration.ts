import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { simpleParser } from "mailparser";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { recipientHash } from "~/platform/mail/outbox.server";
import { type SiteProcess, spawnSite } from "../e2e/support/site-process";
import { logLines } from "./support/logs";
import { type OwnPostgres, startOwnPostgres } from "./support/own-postgres";
import { type OwnRedis, startOwnRedis } from "./support/own-redis";
import { type Answer, personalCookie, send } from "./support/requests";

/**
 * The faults a production site meets: one process of the built site on a PostgreSQL cluster and
 * a Redis of this file's own, which the tests stop and kill (never the machine's, which other
 * suites share). docs/ARCHITECTURE.md ("When a service is down") and
 * docs/decisions/0024-redis-outage.md say what the site does.
 */
/** Every request must be answered within this, even while a service is gone: never a hang. */
const ANSWER_DEADLINE_MS = 15_000;
const OUTAGE_MS = 10_000;
/** The form tier's budget, which the in-memory fallback must still enforce. */
const FORM_POINTS = 5;
/** Public pages an anonymous visitor gets from the page cache once rendered. */
const CACHED_PAGES = ["/", "/careers", "/blog", "/fr/careers"];
const PASSWORD = "Kettle-Storm-42";

type Asked = Answer & {
  what: string;
  startedAt: number;
  ms: number;
  error?: string;
  /** The address a sign-up gave. */
  email?: string;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("faults: the site's own PostgreSQL and Redis stop under it", () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let site: SiteProcess;
  let dataDir: string;
  // A connection per request: a kept-alive one the server closes for idleness (5 s) would fail
  // the next request sent on it, which is no answer of the site.
  const agent = new http.Agent({ keepAlive: false });
  let clients = 0;

  /**
   * One request, from a visitor address of its own unless given (the app trusts one proxy), so
   * that form budgets only count where a test means them to; answered within the deadline or
   * recorded as not answered.
   */
  async function ask(
    what: string,
    url: string,
    options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
  ): Promise<Asked> {
    const from = options.from ?? `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
    clients++;
    const startedAt = Date.now();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Asked>((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            what,
            startedAt,
            status: 0,
            headers: {},
            body: "",
            ms: ANSWER_DEADLINE_MS,
            error: `no answer in ${ANSWER_DEADLINE_MS} ms`,
          }),
        ANSWER_DEADLINE_MS,
      );
    });
    const answer = send(site.url + url, {
      method: options.method,
      body: options.body,
      agent,
      headers: { "X-Forwarded-For": from, ...options.headers },
    }).then(
      (a): Asked => ({ what, ...a, startedAt, ms: Date.now() - startedAt }),
      (err: Error): Asked => ({
        what,
        startedAt,
        status: 0,
        headers: {},
        body: "",
        ms: Date.now() - startedAt,
        error: err.message,
      }),
    );
    return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
  }

  const json = (body: unknown) => ({
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url },
    body: JSON.stringify(body),
  });
  const alertApi = (email: string) => json({ name: "Tools jobs", language: "en", email, website: "" });
  const alertForm = (email: string) => ({
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site.url },
    body: new URLSearchParams({ name: "Tools jobs", language: "en", email }).toString(),
  });

  /** A direct connection to the site's database (the test's view of what was stored). */
  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startOwnPostgres(), startOwnRedis()]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-faults-"));
    site = await spawnSite({
      buildDir: inject("buildDir"),
      dataDir,
      env: {
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        HTTP_TRUST_PROXY: "1",
        // Long enough that nothing warmed leaves the page cache during the test.
        PAGE_CACHE_TTL_SECONDS: "600",
        RATE_LIMIT_FORM_POINTS: String(FORM_POINTS),
        RATE_LIMIT_API_POINTS: "1000000",
        MAIL_WORKER_INTERVAL_MS: "100",
        // The transitions' log lines (info when a service is back) are what the tests read.
        LOG_LEVEL: "info",
      },
    });
  });

  afterAll(async () => {
    agent.destroy();
    await site?.stop();
    await postgres?.destroy();
    await redis?.kill();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps pages, the API, logins and rate limits working while Redis is down, and counts in Redis again once it is back", async () => {
    // An account to log in with, verified through the e-mail it sends (written under DATA_DIR/mail).
    const account = { username: `fault_${crypto.randomBytes(3).toString("hex")}`, email: "" };
    account.email = `${account.username}@example.com`;
    const created = await ask(
      "create account",
      "/api/account/create",
      json({
        username: account.username,
        email: account.email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        dateOfBirth: "1990-04-12",
        tos: true,
      }),
    );
    expect(created.status, created.body).toBe(201);
    const mailDir = path.join(dataDir, "mail");
    let token: string | undefined;
    for (const until = Date.now() + 30_000; !token && Date.now() < until; await sleep(100)) {
      const file = fs.existsSync(mailDir)
        ? fs
            .readdirSync(mailDir)
            .find((name) => name.includes("account-verify") && name.includes(account.email))
        : undefined;
      // The link in the e-mail's text, decoded from the .eml file.
      if (file)
        token = /token=([\w-]+)/.exec(
          (await simpleParser(fs.readFileSync(path.join(mailDir, file)))).text ?? "",
        )?.[1];
    }
    expect(token, "the verification e-mail's token").toBeDefined();
    expect((await ask("validate", "/api/account/validate", json({ token }))).status).toBe(200);
    const login = (password: string) =>
      ask("login", "/api/account/login", json({ identifier: account.username, password }));
    const refusedLoginBefore = (await login("Wrong-Password-1")).status;

    // Counting in Redis before the outage: the upload form's counter is a key there.
    const store = new Redis(redis.url);
    try {
      await ask("upload", "/api/uploads", { method: "POST", from: "10.250.0.1" });
      expect(await store.keys("*uploads:10.250.0.1")).toHaveLength(1);
    } finally {
      store.disconnect();
    }

    const logsBefore = site.logs().length;
    await redis.kill();
    const during: Asked[] = [];
    during.push(await ask("page", "/careers", { headers: { Cookie: personalCookie } }));
    during.push(await ask("page", "/support/report"));
    during.push(
      await ask("api", "/api/open/office-job-subscriptions/form/en", { headers: { Cookie: "v=1" } }),
    );
    const loggedIn = await login(PASSWORD);
    const refusedLogin = await login("Wrong-Password-1");
    // The form tier, counted in process memory now: FORM_POINTS tries, then 429.
    const uploads: Asked[] = [];
    for (let i = 0; i <= FORM_POINTS; i++)
      uploads.push(await ask("upload", "/api/uploads", { method: "POST", from: "10.250.0.2" }));
    // Several requests after the loss, ioredis trying to reconnect meanwhile: still one log line.
    await sleep(1500);
    during.push(await ask("page", "/support/report"));
    const lossLines = logLines(site.logs().slice(logsBefore), "rate-limit store (Redis) unavailable");

    await redis.start();
    const backAt = Date.now();
    let backLines: Record<string, unknown>[] = [];
    while (backLines.length === 0 && Date.now() - backAt < 30_000) {
      await sleep(100);
      backLines = logLines(site.logs().slice(logsBefore), "rate-limit store (Redis) reachable again");
    }
    const resumedAfterMs = Date.now() - backAt;
    await ask("upload", "/api/uploads", { method: "POST", from: "10.250.0.3" });
    const fresh = new Redis(redis.url);
    const keysAfter = await fresh.keys("*uploads:10.250.0.3").finally(() => fresh.disconnect());

    const figures = {
      answeredWhileDown: during.map((a) => `${a.what} ${a.status}`),
      login: loggedIn.status,
      refusedLogin: refusedLogin.status,
      uploads: uploads.map((a) => a.status),
      lossLogLines: lossLines.length,
      resumedAfterMs,
    };
    process.stderr.write(`redis down: ${JSON.stringify(figures)}\n`);

    expect(during.filter((a) => a.status !== 200)).toEqual([]);
    expect(loggedIn.status, loggedIn.body).toBe(200);
    expect(loggedIn.headers["set-cookie"]).toBeDefined();
    expect(refusedLogin.status).toBe(refusedLoginBefore);
    expect(refusedLogin.status).toBeLessThan(500);
    expect(
      uploads.slice(0, FORM_POINTS).filter((a) => a.status === 429 || a.status >= 500 || a.status === 0),
    ).toEqual([]);
    expect(uploads[FORM_POINTS]?.status).toBe(429);
    // Logged once, at warn, on the transition (docs/decisions/0024-redis-outage.md)…
    expect(lossLines).toHaveLength(1);
    expect(lossLines[0]?.level).toBe(40);
    // …and once when Redis is back, where the counting resumes.
    expect(backLines).toHaveLength(1);
    expect(keysAfter).toHaveLength(1);
  });

  it("serves cached pages and answers everything else 503 with Retry-After while PostgreSQL is stopped, and recovers by itself", async () => {
    // Into the page cache, as visitors would have put them.
    for (const page of CACHED_PAGES) {
      expect(await ask("warm", page)).toMatchObject({ status: 200 });
      expect(await ask("warm", page)).toMatchObject({ status: 200 });
    }
    // What is stored before is there after; what is sent during the outage must not be.
    const before = await query<{ n: string }>("select count(*)::text as n from job_alerts");

    const logsBefore = site.logs().length;
    const outcomes: Asked[] = [];
    let n = 0;
    const mix = (i: number): Promise<Asked> => {
      const email = `down-${i}@example.com`;
      switch (i % 7) {
        case 0:
        case 1:
          return ask("cached page", CACHED_PAGES[i % CACHED_PAGES.length] ?? "/");
        case 2:
          return ask("uncached page", "/careers", { headers: { Cookie: personalCookie } });
        case 3:
          return ask("uncached page", "/support/report");
        case 4:
          return ask("api", `/api/open/office-job-subscriptions/${crypto.randomUUID()}`);
        case 5:
          return ask("api post", "/api/open/office-job-subscriptions", alertApi(email)).then((o) => ({
            ...o,
            email,
          }));
        default:
          return ask("form post", "/alerts", alertForm(email)).then((o) => ({ ...o, email }));
      }
    };
    // Four visitors, each asking again as soon as answered, from a second before the stop (so
    // that requests and transactions are under way when it comes) to the end of the outage.
    let stoppedAt = Number.POSITIVE_INFINITY;
    const visitors = Array.from({ length: 4 }, async () => {
      while (Date.now() - stoppedAt < OUTAGE_MS) outcomes.push(await mix(n++));
    });
    await sleep(1000);
    await postgres.stop();
    stoppedAt = Date.now();
    await Promise.all(visitors);
    const readyWhileDown = await ask("readyz", "/readyz");

    await postgres.start();
    const startedAt = Date.now();
    let recovered: Asked | undefined;
    while (Date.now() - startedAt < 60_000) {
      recovered = await ask("uncached page", "/support/report");
      if (recovered.status === 200) break;
      await sleep(100);
    }
    const recoveredAfterMs = Date.now() - startedAt;
    const stored = await ask("form post", "/alerts", alertForm("after-outage@example.com"));
    const storedApi = await ask(
      "api post",
      "/api/open/office-job-subscriptions",
      alertApi("after-api@example.com"),
    );
    const readyAfter = await ask("readyz", "/readyz");

    const written = await query<{ email: string }>(
      "select email from job_alerts where email like 'down-%' or email like 'after-%' order by email",
    );
    // A delivered e-mail keeps only its recipient's hash: the hashes of every address tried.
    const tried = new Map(
      [
        ...Array.from({ length: n }, (_, i) => `down-${i}@example.com`),
        "after-outage@example.com",
        "after-api@example.com",
      ].map((address) => [recipientHash(address), address]),
    );
    const mailed = (
      await query<{ hash: string }>(
        "select recipient_hash as hash from outbox_emails where recipient_hash = any($1)",
        [[...tried.keys()]],
      )
    )
      .map((r) => tried.get(r.hash))
      .sort();
    const after = await query<{ n: string }>("select count(*)::text as n from job_alerts");
    const logs = site.logs().slice(logsBefore);

    // Requests under way when the server stopped may have been answered either way, but answered.
    const meanwhile = outcomes.filter((o) => o.startedAt < stoppedAt);
    const down = outcomes.filter((o) => o.startedAt >= stoppedAt);
    const cached = down.filter((o) => o.what === "cached page");
    const others = down.filter((o) => o.what !== "cached page");
    const wrongCached = cached.filter((o) => o.status !== 200);
    const wrongOthers = others.filter((o) => o.status !== 503 || o.headers["retry-after"] === undefined);
    const brokenMeanwhile = meanwhile.filter((o) => o.status === 0 || (o.status >= 500 && o.status !== 503));
    process.stderr.write(
      `db down ${OUTAGE_MS / 1000} s: ${cached.length - wrongCached.length} cached 200, ` +
        `${others.length - wrongOthers.length} uncached 503 (pages, API calls and POSTs), ` +
        `${wrongCached.length + wrongOthers.length} other; ${meanwhile.length} under way at the stop ` +
        `(${brokenMeanwhile.length} failed); slowest answer ${Math.max(0, ...outcomes.map((o) => o.ms))} ms; ` +
        `recovered after ${(recoveredAfterMs / 1000).toFixed(1)} s\n`,
    );

    expect(meanwhile.length).toBeGreaterThan(0);
    expect(brokenMeanwhile.map((o) => `${o.what} ${o.status} ${o.error ?? ""}`)).toEqual([]);
    expect(cached.length).toBeGreaterThan(0);
    expect(wrongCached.map((o) => `${o.what} ${o.status} ${o.error ?? ""}`)).toEqual([]);
    for (const what of ["uncached page", "api", "api post", "form post"])
      expect(others.filter((o) => o.what === what).length, what).toBeGreaterThan(0);
    expect(wrongOthers.map((o) => `${o.what} ${o.status} ${o.error ?? ""}`)).toEqual([]);
    // The API's answers are its outcome shape; the pages are the site's error page.
    const apiBodies = others.filter((o) => o.what.startsWith("api")).map((o) => JSON.parse(o.body));
    expect(new Set(apiBodies.map((b) => JSON.stringify(b)))).toEqual(
      new Set([JSON.stringify({ messages: ["SERVICE_TEMPORARILY_UNAVAILABLE"] })]),
    );
    const pageBodies = others.filter((o) => !o.what.startsWith("api")).map((o) => o.body);
    expect(pageBodies.filter((body) => !body.includes("error-page__code") || !body.includes("503"))).toEqual(
      [],
    );
    expect(readyWhileDown.status).toBe(503);

    // Back by itself: pages render, a form post and an API sign-up store, readiness passes.
    expect(recovered?.status).toBe(200);
    expect(stored.status, stored.body).toBe(303);
    expect(storedApi.status, storedApi.body).toBe(202);
    expect(readyAfter.status).toBe(200);
    // Stored are the sign-ups that were answered as stored (before the stop, after the return),
    // each with its e-mail: nothing of a refused one, not even half (the alert without its e-mail).
    const accepted = outcomes
      .filter((o) => o.email !== undefined && (o.status === 202 || o.status === 303))
      .map((o) => o.email ?? "");
    const expected = [...accepted, "after-api@example.com", "after-outage@example.com"].sort();
    expect(written.map((r) => r.email)).toEqual(expected);
    expect(mailed).toEqual(expected);
    expect(Number(after[0]?.n)).toBe(Number(before[0]?.n) + expected.length);
    // The process knew, and said so once each way.
    expect(logLines(logs, "database unreachable")).toHaveLength(1);
    expect(logLines(logs, "database reachable again")).toHaveLength(1);
  });
});
