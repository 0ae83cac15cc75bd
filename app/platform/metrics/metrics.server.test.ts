import { afterEach, describe, expect, it } from "vitest";
import { createMetrics, type MetricSources, serveMetrics } from "./metrics.server";

const up: MetricSources = {
  outbox: async () => ({ pending: 3, oldestPendingAt: new Date(Date.now() - 90_000), failed: 1 }),
  database: async () => true,
};

/** The sample lines of one metric, as Prometheus reads them. */
const lines = (text: string, name: string) =>
  text.split("\n").filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));

describe("metrics", () => {
  const open: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const endpoint of open.splice(0)) await endpoint.close();
  });

  it("serves the outbox as the database has it, and the page cache's own counts", async () => {
    const metrics = createMetrics(up);
    metrics.watchPageCache({ hits: 7, misses: 2, bypasses: 5 });
    const endpoint = await serveMetrics(metrics, 0);
    open.push(endpoint);
    const answer = await fetch(`http://127.0.0.1:${endpoint.port}/metrics`);
    expect(answer.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await answer.text();
    expect(lines(text, "studio_outbox_pending_emails")).toEqual(["studio_outbox_pending_emails 3"]);
    expect(lines(text, "studio_outbox_failed_emails")).toEqual(["studio_outbox_failed_emails 1"]);
    const age = Number(lines(text, "studio_outbox_oldest_pending_age_seconds")[0]?.split(" ")[1]);
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(100);
    expect(lines(text, "studio_page_cache_requests_total")).toEqual([
      'studio_page_cache_requests_total{result="hit"} 7',
      'studio_page_cache_requests_total{result="miss"} 2',
      'studio_page_cache_requests_total{result="bypass"} 5',
    ]);
    // Without REDIS_URL there is no Redis to report on: no sample, rather than a false 0.
    expect(lines(text, "studio_redis_up")).toEqual([]);
    expect(lines(text, "studio_database_up")).toEqual(["studio_database_up 1"]);
  });

  // prom-client writes NaN as "Nan", which Prometheus reads as NaN (Go's ParseFloat ignores case).
  it("reports the database down and the outbox unknown (NaN), not zero, when it cannot be read", async () => {
    const metrics = createMetrics({
      outbox: () => Promise.reject(new Error("connection refused")),
      database: async () => false,
      redis: () => false,
    });
    const text = await metrics.registry.metrics();
    expect(lines(text, "studio_database_up")).toEqual(["studio_database_up 0"]);
    expect(lines(text, "studio_redis_up")).toEqual(["studio_redis_up 0"]);
    expect(lines(text, "studio_outbox_pending_emails")).toEqual(["studio_outbox_pending_emails Nan"]);
    expect(lines(text, "studio_outbox_oldest_pending_age_seconds")).toEqual([
      "studio_outbox_oldest_pending_age_seconds Nan",
    ]);
    expect(lines(text, "studio_outbox_failed_emails")).toEqual(["studio_outbox_failed_emails Nan"]);
  });

  it("reads the outbox once per scrape for its three figures", async () => {
    let reads = 0;
    const metrics = createMetrics({
      ...up,
      outbox: () => {
        reads++;
        return up.outbox();
      },
    });
    await metrics.registry.metrics();
    expect(reads).toBe(1);
    await metrics.registry.metrics();
    expect(reads).toBe(2);
  });

  it("answers 404 to anything but GET /metrics", async () => {
    const endpoint = await serveMetrics(createMetrics(up), 0);
    open.push(endpoint);
    expect((await fetch(`http://127.0.0.1:${endpoint.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${endpoint.port}/metrics`, { method: "POST" })).status).toBe(404);
  });
});
