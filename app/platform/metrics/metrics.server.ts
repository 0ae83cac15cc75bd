import http from "node:http";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * What the process tells a Prometheus server about itself (deploy/README.md, "Metrics and alerts"): one
 * registry per process, read at `GET /metrics` on `METRICS_PORT` (127.0.0.1 only). The names are
 * the deploy guide's: its alert rules (deploy/prometheus/studio-alerts.yml) and dashboard
 * (deploy/grafana/studio-dashboard.json) query them, and a test checks that each one they query
 * is here.
 *
 * Counters that the hot path already keeps (the page cache's) are read when Prometheus asks;
 * what only the request knows (its route, status and time) is recorded as it ends. With no
 * `METRICS_PORT` the site uses `noMetrics`, which records nothing.
 */
export type Metrics = {
  readonly enabled: boolean;
  /** One answered request: the route's pattern (never the path as sent), method, status, time. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** How long a page waited for its turn to render (platform/http/render-queue.server.ts). */
  renderWait(seconds: number): void;
  /** One delivery round's outcomes (sent, to be retried, given up). */
  mailDeliveries(report: { sent: number; retrying: number; failed: number }): void;
  /** A periodic task's run that ended without an error, in this process. */
  taskSucceeded(task: string, everyMs: number, at?: Date): void;
  /** The page cache's running counts (platform/cache/page-cache.server.ts `stats`), read at a scrape. */
  watchPageCache(stats: PageCacheStats): void;
};

type PageCacheStats = { readonly hits: number; readonly misses: number; readonly bypasses: number };

export const noMetrics: Metrics = {
  enabled: false,
  request() {},
  renderWait() {},
  mailDeliveries() {},
  taskSucceeded() {},
  watchPageCache() {},
};

/** What the process reads when Prometheus asks, from the services that know it. */
export type MetricSources = {
  /** E-mails waiting to go, the oldest one's queueing time, and those given up on. */
  outbox: () => Promise<{ pending: number; oldestPendingAt: Date | null; failed: number }>;
  /** Whether the database answers a ping now. */
  database: () => Promise<boolean>;
  /** Whether Redis is connected; left out when the site runs without Redis. */
  redis?: () => boolean;
};

/**
 * Seconds: from a cache hit (well under a millisecond) to a slow render under load (several
 * seconds), with the steps an alert on latency would use.
 */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type ProcessMetrics = Metrics & { registry: Registry };

export function createMetrics(sources: MetricSources): ProcessMetrics {
  const registry = new Registry();
  // CPU, memory, event-loop lag, GC, open handles: prom-client's standard names, which
  // ready-made Node.js dashboards already know.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "studio_http_requests_total",
    help: "Requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "studio_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const renderWaits = new Histogram({
    name: "studio_render_queue_wait_seconds",
    help: "Time a page waited for its turn to render.",
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: "studio_mail_deliveries_total",
    help: "E-mail delivery attempts by outcome: sent, retrying (failed, tried again later), failed (given up).",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  for (const outcome of ["sent", "retrying", "failed"]) deliveries.labels(outcome).inc(0);

  const taskSuccess = new Gauge({
    name: "studio_task_last_success_timestamp_seconds",
    help: "When a periodic task last ended without an error in this process (Unix time).",
    labelNames: ["task"] as const,
    registers: [registry],
  });
  const taskPeriod = new Gauge({
    name: "studio_task_period_seconds",
    help: "A periodic task's period.",
    labelNames: ["task"] as const,
    registers: [registry],
  });

  let pageCache: PageCacheStats | undefined;
  new Counter({
    name: "studio_page_cache_requests_total",
    help: "Requests the page cache looked at: hit (answered from it), miss (rendered, maybe kept), bypass (never kept: a personal cookie, a form post).",
    labelNames: ["result"] as const,
    registers: [registry],
    collect() {
      // The cache counts on its own hot path; the counter takes its running totals.
      const stats = pageCache ?? { hits: 0, misses: 0, bypasses: 0 };
      this.reset();
      this.labels("hit").inc(stats.hits);
      this.labels("miss").inc(stats.misses);
      this.labels("bypass").inc(stats.bypasses);
    },
  });

  // The outbox's figures: one query per scrape, shared by its gauges (the first collected starts
  // it, the last clears it for the next scrape). Unknown while the database cannot be read: NaN
  // (a gap on a graph, no alert), not a false zero.
  type Backlog = Awaited<ReturnType<MetricSources["outbox"]>>;
  const outboxGauges: Array<{ name: string; help: string; value: (read: Backlog) => number }> = [
    {
      name: "studio_outbox_pending_emails",
      help: "E-mails waiting to be delivered (never tried, or to be tried again).",
      value: (read) => read.pending,
    },
    {
      name: "studio_outbox_oldest_pending_age_seconds",
      help: "Age of the oldest e-mail not delivered yet (0 when none waits).",
      value: (read) =>
        read.oldestPendingAt ? Math.max(0, (Date.now() - read.oldestPendingAt.getTime()) / 1000) : 0,
    },
    {
      name: "studio_outbox_failed_emails",
      help: "E-mails given up on (a permanent refusal, or every attempt used) still in the outbox.",
      value: (read) => read.failed,
    },
  ];
  let outboxRead: Promise<Backlog | undefined> | undefined;
  let outboxTakes = 0;
  const outbox = () => {
    outboxRead ??= sources.outbox().catch(() => undefined);
    const read = outboxRead;
    if (++outboxTakes === outboxGauges.length) {
      outboxRead = undefined;
      outboxTakes = 0;
    }
    return read;
  };
  for (const gauge of outboxGauges) {
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      registers: [registry],
      async collect() {
        const read = await outbox();
        this.set(read ? gauge.value(read) : Number.NaN);
      },
    });
  }
  new Gauge({
    name: "studio_database_up",
    help: "1 when the database answered a ping at this scrape, else 0.",
    registers: [registry],
    async collect() {
      this.set((await sources.database().catch(() => false)) ? 1 : 0);
    },
  });
  const redis = sources.redis;
  // Without REDIS_URL there is no Redis to report on: no metric, rather than a false 0.
  if (redis) {
    new Gauge({
      name: "studio_redis_up",
      help: "1 when the rate limits count in Redis, 0 while it is unreachable (they count in memory meanwhile).",
      registers: [registry],
      collect() {
        this.set(redis() ? 1 : 0);
      },
    });
  }

  // Each request's series, found once: a cache hit costs about 0.1 ms, and prom-client builds
  // a key from the label values on every `labels()` call. Bounded: routes are patterns, methods
  // the few Node's parser accepts, statuses three digits.
  const series = new Map<string, { count: Counter.Internal; time: Histogram.Internal<string> }>();
  return {
    enabled: true,
    registry,
    request(route, method, status, seconds) {
      const id = `${route} ${method} ${status}`;
      let found = series.get(id);
      if (!found) {
        found = {
          count: requests.labels(route, method, String(status)),
          time: durations.labels(route, method),
        };
        series.set(id, found);
      }
      found.count.inc();
      found.time.observe(seconds);
    },
    renderWait(seconds) {
      renderWaits.observe(seconds);
    },
    mailDeliveries(report) {
      if (report.sent) deliveries.labels("sent").inc(report.sent);
      if (report.retrying) deliveries.labels("retrying").inc(report.retrying);
      if (report.failed) deliveries.labels("failed").inc(report.failed);
    },
    taskSucceeded(task, everyMs, at = new Date()) {
      taskSuccess.labels(task).set(at.getTime() / 1000);
      taskPeriod.labels(task).set(everyMs / 1000);
    },
    watchPageCache(stats) {
      pageCache = stats;
    },
  };
}

/**
 * `GET /metrics` on 127.0.0.1:`port` only: the figures are the studio's, not the visitors'
 * (a Prometheus server on the same machine scrapes each instance's port).
 */
export async function serveMetrics(
  metrics: ProcessMetrics,
  port: number,
  host = "127.0.0.1",
): Promise<{ close(): Promise<void>; port: number }> {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { "Content-Type": metrics.registry.contentType }).end(body),
      () => res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics unavailable\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
