import type { Logger } from "~/platform/logging.server";

/** Socket errors: the server is not there (refused, unreachable) or dropped the connection. */
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is going away or not taking connections: 57P01
 * (admin shutdown: `pg_ctl stop`), 57P02 (crash shutdown), 57P03 (starting up or shutting
 * down), 53300 (too many connections). Class 08 (connection exception) is matched by prefix.
 */
const serverCodes = new Set(["57P01", "57P02", "57P03", "53300"]);

/** node-postgres's own words for a lost or never-made connection (these errors carry no code). */
const lostConnection = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /not queryable/,
  /^Client was closed/,
];

/**
 * Whether `err` says the database could not be reached, rather than that a query was wrong: the
 * site then answers 503 with Retry-After instead of 500. Drizzle wraps the driver's error
 * (`cause`), and Node reports a refused connection to a name of several addresses as an
 * AggregateError (`errors`), so both are followed.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length > 0) {
    const e = pending.pop();
    if (typeof e !== "object" || e === null || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (networkCodes.has(code) || serverCodes.has(code) || /^08/.test(code)))
      return true;
    if (typeof message === "string" && lostConnection.some((re) => re.test(message))) return true;
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return false;
}

export type Availability = {
  /** False from a lost connection or a failed ping until a ping succeeds again. */
  up(): boolean;
  /** A connection was lost or refused: down until the database answers a ping. */
  lost(err: unknown): void;
  /** Pings the database now (at most `timeoutMs`) and notes the answer; true when it answered. */
  check(timeoutMs?: number): Promise<boolean>;
  close(): void;
};

/**
 * What the process knows of its database's reachability, so that requests are answered 503 at
 * once while it is down instead of each waiting for a connection that will fail. Once down, it
 * pings every `probeMs` and is up again at the first answer: the site recovers by itself. The
 * two transitions are logged once each.
 */
export function trackAvailability(
  ping: () => Promise<void>,
  options: { logger?: Pick<Logger, "warn" | "info">; probeMs?: number } = {},
): Availability {
  const probeMs = options.probeMs ?? 1000;
  let downSince: number | undefined;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;

  const markUp = () => {
    if (downSince === undefined) return;
    options.logger?.info({ downMs: Date.now() - downSince }, "database reachable again");
    downSince = undefined;
    clearInterval(probe);
    probe = undefined;
  };
  const markDown = (err: unknown) => {
    if (closed || downSince !== undefined) return;
    downSince = Date.now();
    options.logger?.warn({ err }, "database unreachable; answering 503 until it is back");
    // The probe does not keep a stopping process alive.
    probe = setInterval(() => void check(), probeMs).unref();
  };
  let pending: Promise<boolean> | undefined;
  const check = (timeoutMs = 3000): Promise<boolean> => {
    // Concurrent callers (the probe, /readyz, failing pages) share one ping.
    pending ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        markDown(new Error(`database ping took over ${timeoutMs} ms`));
        resolve(false);
      }, timeoutMs);
      ping().then(
        () => {
          clearTimeout(timer);
          markUp();
          resolve(true);
        },
        (err: unknown) => {
          clearTimeout(timer);
          markDown(err);
          resolve(false);
        },
      );
    }).finally(() => {
      pending = undefined;
    });
    return pending;
  };
  return {
    up: () => downSince === undefined,
    lost: markDown,
    check,
    close() {
      closed = true;
      clearInterval(probe);
    },
  };
}
