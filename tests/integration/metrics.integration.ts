import fs from "node:fs";
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { startSmtpServer, type TestSmtpServer } from "~/platform/mail/test-smtp-server";
import { freePort } from "../e2e/support/site-process";
import { type Cluster, startCluster } from "./support/cluster";
import { send } from "./support/requests";
import { waitFor } from "./support/wait";

/**
 * The Prometheus endpoint (METRICS_PORT, platform/metrics) of a production process on
 * PostgreSQL and Redis with a real SMTP relay: what the deploy guide's dashboard and alert rules
 * read moves as a visitor's journey and an outage make it move.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The samples of a Prometheus text exposition, by `name{labels}` as written (labels sorted). */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels = (match[3] ?? "")
      .split(/,(?=[a-zA-Z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(",");
    found.set(labels ? `${match[1]}{${labels}}` : (match[1] as string), Number(match[4]));
  }
  return found;
}

/** `name{a="1",b="2"}` with its labels in the order `samples` keeps them. */
const key = (name: string, labels: Record<string, string> = {}) => {
  const written = Object.entries(labels)
    .map(([label, value]) => `${label}="${value}"`)
    .sort()
    .join(",");
  return written ? `${name}{${written}}` : name;
};

describe("metrics: one process's Prometheus endpoint through a journey", () => {
  let smtp: TestSmtpServer;
  let cluster: Cluster;
  let metricsPort: number;
  const agent = new http.Agent({ keepAlive: false });
  const site = () => `http://127.0.0.1:${cluster.ports[0]}`;
  let visitor = 0;

  const scrape = async () => {
    const answer = await send(`http://127.0.0.1:${metricsPort}/metrics`, { agent });
    expect(answer.status).toBe(200);
    return { text: answer.body, at: samples(answer.body) };
  };
  const value = async (name: string, labels?: Record<string, string>) =>
    (await scrape()).at.get(key(name, labels)) ?? 0;

  const post = (path: string, body: string, contentType = "application/json") =>
    send(`${site()}${path}`, {
      method: "POST",
      agent,
      headers: {
        "Content-Type": contentType,
        Origin: site(),
        "X-Forwarded-For": `10.7.0.${visitor++ & 255}`,
      },
      body,
    });

  /** A job alert sign-up through the API: one confirmation e-mail. */
  const signUp = async (email: string) => {
    const answer = await post(
      "/api/open/office-job-subscriptions",
      JSON.stringify({ name: "Tools jobs", language: "en", email, website: "" }),
    );
    expect(answer.status, answer.body).toBe(202);
  };

  const pending = () => value("studio_outbox_pending_emails");

  beforeAll(async () => {
    smtp = await startSmtpServer();
    metricsPort = await freePort();
    cluster = await startCluster({
      name: "metrics",
      buildDir: inject("buildDir"),
      count: 1,
      env: {
        METRICS_PORT: String(metricsPort),
        SMTP_URL: smtp.url,
        MAIL_WORKER_INTERVAL_MS: "100",
        MAIL_RETRY_BASE_SECONDS: "1",
        RATE_LIMIT_FORM_POINTS: "1000",
        RATE_LIMIT_API_POINTS: "1000000",
      },
    });
  });

  afterAll(async () => {
    agent.destroy();
    await cluster?.stop();
    await smtp?.stop();
  });

  it("counts requests by route pattern and status, page cache hits and misses, and render waits", async () => {
    const before = await scrape();
    const careers = { route: "/:lang?/careers", method: "GET", status: "200" };
    const was = (name: string, labels?: Record<string, string>) => before.at.get(key(name, labels)) ?? 0;
    // An anonymous visitor twice: rendered once, then answered from the page cache.
    for (let i = 0; i < 2; i++) expect((await send(`${site()}/fr/careers`, { agent })).status).toBe(200);
    // The address as sent never names a series: a private link's token stays out of them.
    expect((await send(`${site()}/status/not-a-real-token-4f9c`, { agent })).status).toBe(404);

    const after = await scrape();
    const now = (name: string, labels?: Record<string, string>) => after.at.get(key(name, labels)) ?? 0;
    expect(now("studio_http_requests_total", careers) - was("studio_http_requests_total", careers)).toBe(2);
    expect(
      now("studio_http_request_duration_seconds_count", { route: "/:lang?/careers", method: "GET" }) -
        was("studio_http_request_duration_seconds_count", { route: "/:lang?/careers", method: "GET" }),
    ).toBe(2);
    expect(now("studio_page_cache_requests_total", { result: "hit" })).toBe(
      was("studio_page_cache_requests_total", { result: "hit" }) + 1,
    );
    expect(now("studio_page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(
      was("studio_page_cache_requests_total", { result: "miss" }) + 1,
    );
    // The careers page and the 404 page waited for their turn to render; the hit did not.
    expect(
      now("studio_render_queue_wait_seconds_count") - was("studio_render_queue_wait_seconds_count"),
    ).toBe(2);
    expect(after.text).not.toContain("not-a-real-token");
    expect(
      now("studio_http_requests_total", { route: "/:lang?/status/:token", method: "GET", status: "404" }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("reports the database, Redis, the process and each periodic task's last success", async () => {
    const { at, text } = await scrape();
    expect(at.get("studio_database_up")).toBe(1);
    expect(at.get("studio_redis_up")).toBe(1);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    // The mail worker runs every 100 ms here; a task claimed once per period ran at start.
    const mail = at.get(key("studio_task_last_success_timestamp_seconds", { task: "mail-delivery" })) ?? 0;
    expect(Date.now() / 1000 - mail).toBeLessThan(30);
    expect(at.get(key("studio_task_period_seconds", { task: "mail-delivery" }))).toBe(0.1);
    expect(
      at.get(key("studio_task_last_success_timestamp_seconds", { task: "outbox-retention" })),
    ).toBeGreaterThan(0);
  });

  it("follows a sign-up and an application to the relay, and the backlog through the relay's outage", async () => {
    const sent = () => value("studio_mail_deliveries_total", { outcome: "sent" });
    const sentBefore = await sent();
    await signUp("metrics-one@example.com");

    // An application with its résumé: uploaded, then sent with the form.
    const boundary = "metricsBoundary";
    const upload = await post(
      "/api/uploads",
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="resume.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(upload.status, upload.body).toBe(200);
    const client = new pg.Client({ connectionString: cluster.database.url });
    await client.connect();
    const job = (await client.query<{ id: string }>("select id from job_offers order by id limit 1")).rows[0];
    await client.end();
    const applied = await post(
      `/api/open/offices/job-offers/${job?.id}/applications?lang=en`,
      JSON.stringify({
        name: "Ada Metrics",
        email: "ada.metrics@example.com",
        phone: { country: "CA", number: "418 555 0134" },
        resume: [(JSON.parse(upload.body) as { id: string }).id],
        coverLetter: "I would love to work on tools.",
        portfolio: "https://example.com/ada",
        consent: true,
        website: "",
      }),
    );
    expect(applied.status, applied.body).toBe(201);
    const route = "/api/open/offices/job-offers/:id/applications";
    expect(await value("studio_http_requests_total", { route, method: "POST", status: "201" })).toBe(1);
    // The confirmation of each, delivered.
    await waitFor("both e-mails sent", async () => (await sent()) >= sentBefore + 2, 30_000);
    await waitFor("the outbox to empty", async () => (await pending()) === 0, 30_000);

    // The relay goes away: an e-mail waits, its age grows, its attempts fail and are retried.
    const port = smtp.port;
    await smtp.stop();
    const retryingBefore = await value("studio_mail_deliveries_total", { outcome: "retrying" });
    await signUp("metrics-outage@example.com");
    await waitFor("the sign-up's e-mail to wait", async () => (await pending()) === 1, 10_000);
    await waitFor(
      "a failed attempt",
      async () => (await value("studio_mail_deliveries_total", { outcome: "retrying" })) > retryingBefore,
      10_000,
    );
    const ageEarly = await value("studio_outbox_oldest_pending_age_seconds");
    await sleep(1500);
    const ageLater = await value("studio_outbox_oldest_pending_age_seconds");
    expect(ageLater).toBeGreaterThan(ageEarly);
    expect(ageLater).toBeGreaterThanOrEqual(1);

    // Back: delivered, and the backlog and its age fall to zero.
    const sentDuringOutage = await sent();
    smtp = await startSmtpServer(port);
    await waitFor("the waiting e-mail to go", async () => (await pending()) === 0, 30_000);
    expect(await value("studio_outbox_oldest_pending_age_seconds")).toBe(0);
    expect(await sent()).toBe(sentDuringOutage + 1);
    expect(await value("studio_outbox_failed_emails")).toBe(0);
  });

  it("serves every metric the shipped dashboard and alert rules query", async () => {
    const dashboard = JSON.parse(fs.readFileSync("deploy/grafana/studio-dashboard.json", "utf8")) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const rules = parseYaml(fs.readFileSync("deploy/prometheus/studio-alerts.yml", "utf8")) as {
      groups: Array<{ rules: Array<{ expr: string }> }>;
    };
    const exprs = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
      ...rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
    ];
    // Names of the process's own metrics (Prometheus's `up` is the server's, not ours).
    const queried = [
      ...new Set(exprs.flatMap((expr) => expr.match(/\b(?:studio|process|nodejs)_[a-z0-9_]+\b/g) ?? [])),
    ].sort();
    expect(queried.length).toBeGreaterThanOrEqual(12);
    const { text } = await scrape();
    const served = new Set(
      text.split("\n").flatMap((line) => /^([a-z_:][a-z0-9_:]*)[{ ]/.exec(line)?.[1] ?? []),
    );
    expect(queried.filter((name) => !served.has(name))).toEqual([]);
  });

  it("answers 404 on its port for anything but GET /metrics", async () => {
    const answer = await send(`http://127.0.0.1:${metricsPort}/`, { agent });
    expect(answer.status).toBe(404);
  });
});
