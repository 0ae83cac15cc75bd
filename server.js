// Process entry: builds the HTTP server around the app (server/app.ts), through Vite's dev
// server in development and from the production build otherwise, and shuts down cleanly.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";

const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST || "0.0.0.0";

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
  try {
    await mod.boot();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    // Close what boot had opened (the embedded database and its lock) before exiting.
    await mod.shutdown();
    await vite?.close();
    process.exit(1);
  }

  const root = express();
  root.disable("x-powered-by");
  if (vite) {
    root.use(vite.middlewares);
    // Re-load the app per request so edits show without a restart; boot state is kept.
    root.use(async (req, res, next) => {
      try {
        const fresh = await vite.ssrLoadModule("./server/app.ts");
        fresh.createApp()(req, res, next);
      } catch (err) {
        vite.ssrFixStacktrace(err);
        next(err);
      }
    });
  } else {
    root.use(mod.createApp());
  }

  const server = http.createServer(root);
  server.listen(port, host, () => {
    const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
    console.log(`Site ready on ${process.env.PUBLIC_URL || `http://${shown}:${port}`}`);
  });

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing open requests, then stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close();
    server.closeIdleConnections?.();
    await mod.shutdown();
    await vite?.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main();
