import http from "node:http";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { startSite } from "../e2e/support/harness";
import { attempt, failures, mixedRequest, type Outcome, send } from "./support/requests";

const CONCURRENT = 64;

/**
 * Polls /readyz over one kept-alive connection, opened before the stop: the listening socket
 * closes at the stop, so only a connection already open can still hear the 503.
 */
function pollReadiness(url: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const statuses: number[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      try {
        statuses.push((await send(`${url}/readyz`, { agent })).status);
      } catch {
        // The process no longer listens: the drain is over for this poller.
        break;
      }
    }
    agent.destroy();
  })();
  return {
    statuses,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

describe("graceful stop", () => {
  it("answers every request in flight at SIGTERM, fails readiness meanwhile, and exits 0", async () => {
    const site = await startSite();
    const readiness = pollReadiness(site.url);
    const agent = new http.Agent({ keepAlive: true });
    const route = `drain-${Date.now()}`;
    let answeredBeforeStop = 0;
    let stopping = false;
    const outcomes = Array.from({ length: CONCURRENT }, (_, i) => {
      const { what, path, options } = mixedRequest(i, route);
      return attempt(what, site.url + path, { ...options, agent }).then((outcome) => {
        if (!stopping) answeredBeforeStop++;
        return outcome;
      });
    });
    // Once the first answer is out, the process has taken every connection the kernel held
    // for it; the rest are being rendered.
    await Promise.race(outcomes);
    stopping = true;
    const exit = site.stop();
    const results: Outcome[] = await Promise.all(outcomes);
    const code = await exit;
    await readiness.stop();
    agent.destroy();

    process.stderr.write(
      `drain: ${CONCURRENT - answeredBeforeStop} of ${CONCURRENT} requests open at SIGTERM\n`,
    );
    expect(CONCURRENT - answeredBeforeStop, "requests still open when SIGTERM was sent").toBeGreaterThan(0);
    expect(failures(results)).toEqual([]);
    expect(results.filter((r) => r.what === "POST pageview").map((r) => r.status)).toEqual(
      Array(CONCURRENT / 4).fill(204),
    );
    expect(code, site.logs()).toBe(0);
    expect(readiness.statuses[0]).toBe(200);
    expect(readiness.statuses).toContain(503);
  });

  it("cuts what is still open at the grace deadline, says how many, and exits 1", async () => {
    const site = await startSite({ env: { SHUTDOWN_GRACE_SECONDS: "1" } });
    // A request whose body never comes: it stays open however long the process waits.
    const { port } = new URL(site.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const heard = new Promise<string>((resolve) => socket.once("data", (d: Buffer) => resolve(d.toString())));
    // Expect: 100-continue makes the process say when it has read the request's headers.
    socket.write(
      "POST /api/analytics/pageview HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        "Content-Length: 100\r\nExpect: 100-continue\r\n\r\n",
    );
    expect(await heard).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write("{");
    socket.on("error", () => {});
    const code = await site.stop();
    socket.destroy();
    expect(code).toBe(1);
    expect(site.logs()).toMatch(/"cut":1\b/);
  });

  // The grace period is long enough that a stop waiting for it fails the test by its time limit.
  it("ends a connection that never brought a request once the keep-alive timeout has passed, and exits 0", {
    timeout: 60_000,
  }, async () => {
    const site = await startSite({ env: { SHUTDOWN_GRACE_SECONDS: "600" } });
    // As a browser opens one ahead of need: connected, nothing sent.
    const { port } = new URL(site.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const ended = new Promise((resolve) => socket.once("close", resolve));
    expect(await site.stop(), site.logs()).toBe(0);
    await ended;
  });
});
