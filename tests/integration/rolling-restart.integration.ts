import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import type { SiteProcess } from "../e2e/support/site-process";
import { expectEach } from "../support/expect-each";
import { type Cluster, startCluster } from "./support/cluster";
import { countedPageviews, startLoad } from "./support/load";
import { logLines } from "./support/logs";
import { type Nginx, startNginx, studioConfPath } from "./support/nginx";
import { failures, send } from "./support/requests";
import { waitFor } from "./support/wait";

/**
 * The production topology of deploy/: two app processes on one PostgreSQL database and one
 * Redis, behind Debian's nginx running deploy/nginx/studio.conf, started as
 * deploy/systemd/studio@.service starts them (NODE_ENV=production, HOST=127.0.0.1, a port each).
 */
const CONNECTIONS = 64;
const unitPath = path.resolve("deploy/systemd/studio@.service");

describe("two processes on PostgreSQL and Redis behind nginx (deploy/)", () => {
  let nginx: Nginx;
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({
      name: "rolling",
      buildDir: inject("buildDir"),
      env: {
        // The load comes from one address; the form budget is what the address test spends.
        RATE_LIMIT_API_POINTS: "1000000",
        RATE_LIMIT_FORM_POINTS: "3",
        // The stop's own log lines are the test's figures.
        LOG_LEVEL: "info",
      },
    });
    nginx = await startNginx({
      upstreamPorts: cluster.ports,
      clientDir: path.join(inject("buildDir"), "client"),
    });
  });

  afterAll(async () => {
    await nginx?.stop();
    await cluster?.stop();
  });

  it("ships an upstream of the systemd instances' ports, and a stop timeout above the grace period", () => {
    const unit = fs.readFileSync(unitPath, "utf8");
    expect(unit).toMatch(/^Environment=PORT=300%i$/m);
    expect(unit).toMatch(/^EnvironmentFile=/m);
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    // The process gives its open requests the grace period, then its services 10 s more.
    expect(stopSeconds).toBeGreaterThan(parseConfig({}).SHUTDOWN_GRACE_SECONDS + 10);
    const conf = fs.readFileSync(studioConfPath, "utf8");
    const upstream = [...conf.matchAll(/^\s*server 127\.0\.0\.1:(\d+)\b/gm)].map((m) => Number(m[1]));
    expect(upstream).toEqual(upstream.map((_, i) => 3001 + i));
    // The container image (not run here) rewrites those same lines to its compose services.
    const dockerfile = fs.readFileSync(path.resolve("deploy/Dockerfile"), "utf8");
    const rewritten = [...dockerfile.matchAll(/s\/127\\\.0\\\.0\\\.1:(\d+)\/(\w+):3000\//g)];
    expect(rewritten.map((m) => Number(m[1]))).toEqual(upstream);
    const compose = fs.readFileSync(path.resolve("deploy/compose.yaml"), "utf8");
    for (const [, , service] of rewritten) expect(compose).toMatch(new RegExp(`^  ${service}: \\*app$`, "m"));
  });

  it("serves the build's assets itself, immutable for a year, and the pages from the app", async () => {
    const assets = path.join(inject("buildDir"), "client/assets");
    const file = fs.readdirSync(assets).find((name) => name.endsWith(".js"));
    expect(file).toBeDefined();
    const asset = await send(`${nginx.url}/assets/${file}`);
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    // The app sets X-Request-Id on everything it answers: this one never reached it.
    expect(asset.headers["x-request-id"]).toBeUndefined();
    expect(asset.body).toBe(fs.readFileSync(path.join(assets, file ?? ""), "utf8"));
    expect((await send(`${nginx.url}/assets/missing-${Date.now()}.js`)).status).toBe(404);

    const page = await send(`${nginx.url}/careers`);
    expect(page.status).toBe(200);
    expect(page.headers["x-request-id"]).toBeDefined();
  });

  it("passes the visitor's address, which the app trusts, to budgets both processes share", async () => {
    // Loopback has every 127.x.y.z address: three visitors, each from its own.
    const from = (address: string, headers: Record<string, string> = {}) => {
      const agent = new http.Agent({ localAddress: address });
      return send(`${nginx.url}/api/uploads`, { method: "POST", headers, agent }).finally(() =>
        agent.destroy(),
      );
    };
    const before = nginx.access().length;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await from("127.0.0.2")).status);
    // RATE_LIMIT_FORM_POINTS=3: three tries answered (refused for their empty body), the fourth
    // refused for the budget, although nginx sent them to both processes in turn.
    expectEach(statuses.slice(0, 3), (status) => status !== 429 && status < 500, `${statuses}`);
    expect(statuses[3]).toBe(429);
    const answeredBy = new Set(
      nginx
        .access()
        .slice(before)
        .map((line) => line.upstreams.at(-1)),
    );
    expect(answeredBy.size, "both processes answered the four").toBe(2);
    // A forged X-Forwarded-For changes nothing: nginx appends the real address, the one trusted.
    expect((await from("127.0.0.2", { "X-Forwarded-For": "203.0.113.9" })).status).toBe(429);
    expect((await from("127.0.0.3")).status).not.toBe(429);
  });

  /**
   * Each request from an address of its own (X-Forwarded-For, trusted as nginx's would be), so
   * that only the account's failure budget counts, never the per-address form budget.
   */
  let visitor = 0;
  const post = (site: SiteProcess, route: string, body: unknown, cookie = "") =>
    send(`${site.url}/api/account/${route}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        // Each process's PUBLIC_URL is its own address: the origin a browser there would send.
        Origin: site.url,
        "X-Forwarded-For": `10.77.${(visitor >> 8) & 255}.${visitor++ & 255}`,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const password = "Kettle-Storm-42";

  /** A verified account made through process `site` (the e-mail's link stood in for by SQL). */
  async function account(site: SiteProcess) {
    const username = `budget_${crypto.randomBytes(3).toString("hex")}`;
    const created = await post(site, "create", {
      username,
      email: `${username}@example.com`,
      password,
      confirmPassword: password,
      dateOfBirth: "1990-04-12",
      tos: true,
    });
    expect(created.status, created.body).toBe(201);
    const client = new pg.Client({ connectionString: cluster.database.url });
    await client.connect();
    await client
      .query("update account_users set email_verified_at = now() where username = $1", [username])
      .finally(() => client.end());
    return username;
  }

  it("refuses the 6th failed login whichever process gets it, and takes a session made on one on the other", async () => {
    const [a, b] = cluster.sites as [SiteProcess, SiteProcess];
    // Five wrong passwords per account per 15 minutes (account:login), counted in Redis: sent
    // to the two processes in turn, starting with each, so the 6th reaches B once and A once.
    const rounds: Record<string, number[]> = {};
    for (const order of [
      [a, b],
      [b, a],
    ] as const) {
      const username = await account(a);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const site = order[i % 2] as SiteProcess;
        statuses.push(
          (await post(site, "login", { identifier: username, password: "Wrong-Password-1" })).status,
        );
      }
      // The budget spent, even the right password is refused, on either process.
      statuses.push((await post(order[0], "login", { identifier: username, password })).status);
      rounds[order[1] === b ? "sixthOnB" : "sixthOnA"] = statuses;
    }
    const measured = JSON.stringify(rounds);
    expect(rounds.sixthOnB, measured).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(rounds.sixthOnA, measured).toEqual([401, 401, 401, 401, 401, 429, 429]);

    // Signed in through A; the session cookie works on B's account page.
    const username = await account(b);
    const login = await post(a, "login", { identifier: username, password });
    expect(login.status, login.body).toBe(200);
    const cookie = (login.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
    expect(cookie).not.toBe("");
    const page = await send(`${b.url}/account`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(username);
    // The same page without the cookie sends the visitor to the login page.
    const anonymous = await send(`${b.url}/account`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toMatch(/\/account\/login/);
  });

  it(`restarts one process under ${CONNECTIONS} connections with no failed request, POSTs included`, async () => {
    const stoppingPort = `127.0.0.1:${cluster.ports[0]}`;
    const route = `rolling-${Date.now()}`;
    const load = startLoad({ url: nginx.url, connections: CONNECTIONS, route });
    // Every connection busy, both processes warm.
    await waitFor("the load to warm up", () => load.outcomes.length >= 2 * CONNECTIONS, 120_000);

    const stopped = cluster.sites[0] as SiteProcess;
    const stoppedAt = Date.now();
    const warm = nginx.access().filter((line) => line.uri !== "/api/uploads");
    const code = await stopped.stop();
    const stopMs = Date.now() - stoppedAt;
    const [stopLine] = logLines(stopped.logs(), "stopping: finishing open requests");
    const [closeLine] = logLines(stopped.logs(), "stopping: listener closed");

    // The same process again (systemd's restart), on its port, under the same load.
    await cluster.restart(0);
    const readyAt = Date.now();
    // What studio@.service runs after each start: it finds the process ready at once.
    execFileSync(process.execPath, ["deploy/systemd/wait-ready.mjs"], {
      env: {
        PATH: process.env.PATH,
        PORT: String(cluster.ports[0]),
        HOST: "127.0.0.1",
        WAIT_READY_SECONDS: "5",
      },
    });
    const servedAfter = () =>
      nginx
        .access()
        .filter((line) => line.at * 1000 >= readyAt && line.upstreams.at(-1) === stoppingPort)
        .map((line) => line.at * 1000);
    await waitFor("the restarted process to take traffic", () => servedAfter().length >= 20, 60_000);
    const outcomes = await load.stop();

    const counted = await countedPageviews(cluster.database.url, route);

    // nginx's view: requests it sent to a second process after the first failed, and why.
    const access = nginx.access().filter((line) => line.uri !== "/api/uploads");
    const retried = access.filter((line) => line.upstreams.length > 1);
    const errors = nginx.errors();
    const count = (re: RegExp) => (errors.match(re) ?? []).length;
    const posts = outcomes.filter((o) => o.what === "POST pageview");
    const durationS =
      (Math.max(...outcomes.map((o) => o.endedAt)) - Math.min(...outcomes.map((o) => o.startedAt))) / 1000;
    const figures = {
      requests: outcomes.length,
      posts: posts.length,
      requestsPerSecond: Math.round(outcomes.length / durationS),
      servedBeforeStopByEach: cluster.ports.map(
        (p) => warm.filter((line) => line.upstreams.at(-1) === `127.0.0.1:${p}`).length,
      ),
      openOnStoppedProcessAtSigterm: stopLine?.requests,
      acceptedWhileStopping: closeLine?.accepted,
      heldWhileStopping: closeLine?.held,
      listenerClosedAfterMs: closeLine?.ms,
      sigtermToExitMs: stopMs,
      exitCode: code,
      retriedByNginx: retried.length,
      retriedPosts: retried.filter((line) => line.method === "POST").length,
      refusedConnections: count(/\(111: Connection refused\)/g),
      resetConnections: count(/\(104: Connection reset by peer\)|prematurely closed/g),
      restartedToFirstRequestMs: Math.round((servedAfter()[0] ?? Number.NaN) - readyAt),
      servedByRestartedProcess: servedAfter().length,
    };
    const measured = JSON.stringify(figures);
    process.stderr.write(`rolling restart: ${measured}\n`);

    expect(failures(outcomes), measured).toEqual([]);
    expect(code, stopped.logs().slice(-3000)).toBe(0);
    expect(Number(stopLine?.requests), `requests open at SIGTERM (${measured})`).toBeGreaterThan(0);
    // Each POST answered 204 counted once: none lost, none counted twice by a retry.
    expect(
      posts.map((o) => o.status).filter((status) => status !== 204),
      measured,
    ).toEqual([]);
    expect(counted, measured).toBe(posts.length);
    // Traffic left the stopping process through refused connections only, which nginx retries
    // elsewhere whatever the method; never a connection cut after a request was sent on it.
    expect(figures.refusedConnections, measured).toBeGreaterThan(0);
    expect(figures.resetConnections, `${measured}\n${errors}`).toBe(0);
    expect(figures.servedByRestartedProcess).toBeGreaterThanOrEqual(20);
  });
});
