import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { freePort, type Site, startSite } from "./support/harness";

const postgresUrl = process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/test";

/**
 * Runs `node server.js` to completion (for starts that must fail) and returns its output; a
 * process still running when the test ends (a start that wrongly succeeded) is killed then.
 */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", BUILD_DIR: inject("buildDir"), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    onTestFinished(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("process lifecycle", () => {
  const sites: Site[] = [];
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.stop()));
  });

  it("refuses a second process on the same embedded database, clearly", async () => {
    const site = await startSite();
    sites.push(site);
    const second = await runServer({ PORT: String(await freePort()), DATA_DIR: site.dataDir });
    expect(second.code).not.toBe(0);
    expect(second.output).toMatch(/in use by another process/);
    // The first one is unharmed.
    expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
  });

  // Two starts and two stops of the embedded database, one after the other: past the default
  // 60 s once on a loaded machine (2026-11-29).
  it("stops cleanly on SIGTERM and releases the embedded database for the next start", {
    timeout: 180_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-restart-"));
    try {
      const first = await startSite({ dataDir });
      expect(await first.stop()).toBe(0);
      const second = await startSite({ dataDir });
      expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
      expect(await second.stop()).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("rejects a bad configuration at start, naming the variable", async () => {
    const result = await runServer({ PORT: "not-a-port", DATABASE_URL: "mysql://x" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("PORT");
    expect(result.output).toContain("DATABASE_URL");
  });

  it("lets two processes start together on one PostgreSQL database", async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const name = `studio_boot_${process.pid}`;
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([
        startSite({ env: { DATABASE_URL: url.toString() } }),
        startSite({ env: { DATABASE_URL: url.toString() } }),
      ]);
      sites.push(a, b);
      expect((await (await fetch(`${a.url}/readyz`)).json()).database).toBe("postgres");
      expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
