// Process entry: builds the HTTP server around the app (server/app.ts), through Vite's dev
// server in development and from the production build otherwise. On SIGTERM or SIGINT it
// drains: /readyz fails, the connections the kernel has already queued are taken and new ones
// refused, open requests finish (within SHUTDOWN_GRACE_SECONDS), then the workers and the
// database close and the process exits 0; 1 when requests had to be cut. deploy/README.md says
// how a proxy's traffic leaves it meanwhile.
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";

const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";

/** Answered at once even while the process stops: a balancer's and a monitor's questions. */
const probes = new Set(["/readyz", "/healthz"]);

/** One turn of the event loop: resolves in its check phase, after its poll phase. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function main() {
  let mod;
  let vite;
  if (production) {
    const buildDir = path.resolve(process.env.BUILD_DIR || "build");
    mod = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  } else {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    mod = await vite.ssrLoadModule("./server/app.ts");
  }
  let svc;
  try {
    svc = await mod.boot();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    // Close what boot had opened (the embedded database and its lock) before exiting.
    await mod.shutdown();
    await vite?.close();
    process.exit(1);
  }

  // Development: Vite's middlewares, then the app re-loaded per request so edits show without a
  // restart (boot state is kept). Production: the app's own handler, which answers page cache
  // hits before Express.
  let handle;
  if (vite) {
    const root = express();
    root.disable("x-powered-by");
    root.use(vite.middlewares);
    root.use(async (req, res, next) => {
      try {
        const fresh = await vite.ssrLoadModule("./server/app.ts");
        fresh.createApp()(req, res, next);
      } catch (err) {
        vite.ssrFixStacktrace(err);
        next(err);
      }
    });
    handle = root;
  } else {
    handle = mod.createHandler();
  }

  let stopping = false;
  let listenerClosed = false;
  const open = new Set();
  /** Requests that came while a stopping process still empties its accept queue (below). */
  const held = [];
  /** Open connections, for the stop's sweep of those that never said anything (below). */
  const connections = new Set();
  const server = http.createServer((req, res) => {
    open.add(res);
    res.once("close", () => open.delete(res));
    // Once the process no longer listens, a connection that brings a request is closed after
    // its answer, so the client (nginx) opens its next one, which only a staying process takes.
    if (listenerClosed) res.setHeader("Connection", "close");
    if (stopping && !listenerClosed && !probes.has(req.url)) held.push([req, res]);
    else handle(req, res);
  });
  // nginx's upstream keepalive_timeout (deploy/nginx/studio.conf) stays below this, so nginx
  // never sends a request on a connection this side is closing for idleness.
  server.keepAliveTimeout = 5000;
  let accepted = 0;
  server.on("connection", (socket) => {
    accepted++;
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
  server.listen(port, host, () => {
    const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
    console.log(`Site ready on ${process.env.PUBLIC_URL || `http://${shown}:${port}`}`);
  });

  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    mod.markStopping();
    const graceMs = svc.config.SHUTDOWN_GRACE_SECONDS * 1000;
    // Should closing the services themselves hang.
    setTimeout(() => process.exit(1), graceMs + 10_000).unref();
    svc.logger.info({ signal, requests: open.size, graceMs }, "stopping: finishing open requests");
    const deadline = new Promise((resolve) => setTimeout(resolve, graceMs, "deadline"));
    // Connections the kernel has already completed wait in its accept queue, and closing the
    // listening socket resets them, when their client may have sent a request already: a proxy
    // cannot tell that from a request cut while it ran, so does not retry it if it is a POST.
    // libuv accepts one connection per turn of the event loop, so the loop turns until one of
    // its polls accepts nothing (the first turn only reaches the check phase of the turn that
    // took the signal), for at most half the grace period while new ones keep coming. New
    // requests wait meanwhile (all but the probes), so that once the requests already running
    // are done the turns are short and the queue empties in a few; and answers keep their
    // connections open, as a proxy that had to open new ones would keep refilling the queue.
    // From then on, a new connection is refused, which a proxy can safely try on another
    // process whatever the method; the requests that waited run.
    const stoppedAt = Date.now();
    const acceptedBefore = accepted;
    const acceptUntil = stoppedAt + graceMs / 2;
    await turn();
    for (let before = -1; before !== accepted && Date.now() < acceptUntil; ) {
      before = accepted;
      await turn();
    }
    // net.Server's close, not http.Server's: the latter also drops idle keep-alive connections
    // at once, and a proxy that has just sent a request on one of them gets a reset it may not
    // retry (nginx never retries a POST it has sent). Idle connections end instead when their
    // client closes them or their keep-alive timeout (5 s) passes; a request on one is still
    // answered, with Connection: close. `closed` resolves once every connection has ended.
    const closed = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
    listenerClosed = true;
    for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
    // A connection that has not sent a byte yet (a browser opens one ahead of need) has no
    // keep-alive timeout running, and Node counts it as busy, so it would hold the stop until the
    // deadline. It gets the keep-alive timeout from now: still silent then, it ends. One that has
    // begun a request is left to finish it.
    setTimeout(() => {
      for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
    }, server.keepAliveTimeout).unref();
    const waited = held.splice(0);
    for (const [req, res] of waited) if (!res.destroyed) handle(req, res);
    svc.logger.info(
      {
        accepted: accepted - acceptedBefore,
        held: waited.length,
        ms: Date.now() - stoppedAt,
        requests: open.size,
      },
      "stopping: listener closed",
    );
    let code = 0;
    if ((await Promise.race([closed, deadline])) === "deadline") {
      const cut = open.size;
      if (cut > 0) {
        svc.logger.error(
          { cut, graceMs },
          `stopping: ${cut} request(s) still open after the grace period, cut`,
        );
        code = 1;
      }
      server.closeAllConnections();
    }
    // The database and workers close only once no request can use them any more.
    await mod.shutdown();
    await vite?.close();
    process.exit(code);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main();
