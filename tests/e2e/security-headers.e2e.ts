import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openBrowser, openPage, type Site, startSite, waitForHydration } from "./support/harness";

describe("security headers", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    // Rendered answers, each with its own nonce: the page cache (on by default in production)
    // serves hashes instead, which page-cache.e2e.ts checks.
    [site, browser] = await Promise.all([startSite({ env: { PAGE_CACHE_TTL_SECONDS: "0" } }), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it("sends a strict CSP whose nonce is fresh per response and on every inline script it runs", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${site.url}/`);
      const csp = res.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce as string);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const html = await res.text();
      // A data block (type="application/json": the page's translation namespaces, a form's
      // limits) is never run, so the policy does not apply to it.
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
        .map((m) => m[1] ?? "")
        .filter((attrs) => !/\btype="application\/json"/.test(attrs));
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) {
        if (!/\bsrc=/.test(attrs)) expect(attrs).toContain(`nonce="${nonce}"`);
      }
    }
    expect(nonces.size).toBe(2);
  });

  it("sets the other protective headers and hides the framework", async () => {
    const res = await fetch(`${site.url}/`);
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    // Plain HTTP here: HSTS would be meaningless and is only sent behind an https PUBLIC_URL.
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends the build's hashed files with a file's headers, before the page machinery", async () => {
    const assets = path.join(inject("buildDir"), "client/assets");
    const script = fs.readdirSync(assets).find((name) => name.endsWith(".js"));
    const res = await fetch(`${site.url}/assets/${script}`, { headers: { "accept-encoding": "br" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    // Nothing runs in a file opened on its own (an SVG), and no nonce is spent on it.
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none';/);
    expect(res.headers.get("content-security-policy")).not.toContain("nonce-");
    // No request id: the file never reached the request log's middleware.
    expect(res.headers.get("x-request-id")).toBeNull();
    // fetch decodes the Brotli copy: the script as built.
    expect(Buffer.from(await res.arrayBuffer())).toEqual(fs.readFileSync(path.join(assets, script ?? "")));

    // A name the build does not have is the site's 404 page, with a page's headers.
    const missing = await fetch(`${site.url}/assets/missing-0000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    expect(missing.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hydrates under the CSP without violations", async () => {
    const { page } = await openPage(browser);
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(site.url);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });

  it("answers health and readiness probes", async () => {
    expect(await (await fetch(`${site.url}/healthz`)).json()).toEqual({ status: "ok" });
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).database).toBe("pglite");
  });

  // The static files handler only sees paths under the build's top-level public entries
  // (server/public-files.ts): one file of each must still be served, with its caching.
  it("serves a file of each of the build's public folders", async () => {
    const client = path.join(inject("buildDir"), "client");
    const entries = fs.readdirSync(client, { withFileTypes: true }).filter((e) => e.name !== "assets");
    expect(entries.map((e) => e.name)).toContain("brand");
    for (const entry of entries) {
      const file = entry.isDirectory() ? firstFile(client, entry.name) : entry.name;
      const res = await fetch(`${site.url}/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("cache-control"), file).toBe("public, max-age=3600");
      expect(Buffer.from(await res.arrayBuffer())).toEqual(fs.readFileSync(path.join(client, file)));
    }
  });
});

/** The path (under `client`) of a file in the folder `dir`. */
function firstFile(client: string, dir: string): string {
  const file = fs
    .readdirSync(path.join(client, dir), { recursive: true, withFileTypes: true })
    .find((entry) => entry.isFile());
  if (!file) throw new Error(`no file under ${dir}`);
  return path.relative(client, path.join(file.parentPath, file.name));
}

describe("security headers behind https", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ env: { PUBLIC_URL: "https://studio.example" } });
  });
  afterAll(() => site?.stop());

  it("sends HSTS when the public address is https", async () => {
    const res = await fetch(`${site.url}/`);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });
});
