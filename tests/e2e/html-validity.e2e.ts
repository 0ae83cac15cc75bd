import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Site, startSite } from "./support/harness";

/**
 * The W3C HTML checker (the Nu Html Checker, `vnu-jar`; it runs on Java 11 or later) on the
 * rendered HTML of one page of every route, in English, plus a French and a Spanish page: no
 * error. The pages are written to a temporary folder and checked in one run (one JVM start).
 */

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/**
 * One page per route pattern, from the sitemap where the pattern is listed (its first English
 * page), by address otherwise.
 */
const listedPatterns: Array<[string, RegExp]> = [
  ["home", /^\/$/],
  ["careers", /^\/careers$/],
  ["job", /^\/careers\/\d+$/],
  ["careers location", /^\/careers\/locations\/[^/]+$/],
  ["internships", /^\/internships$/],
  ["playtesting", /^\/playtesting$/],
  ["contact", /^\/contact$/],
  ["blog", /^\/blog$/],
  ["article", /^\/blog\/[^/]+$/],
  ["press", /^\/press$/],
  ["press kit", /^\/press\/[^/]+$/],
  ["support", /^\/support$/],
  ["support category", /^\/support\/category\/[^/]+$/],
  ["FAQ", /^\/support\/faq\/[^/]+$/],
  ["patches", /^\/support\/patches$/],
  ["privacy", /^\/privacy$/],
  ["fan content policy", /^\/fan-content-policy$/],
  ["terms", /^\/tos$/],
  ["GDPR", /^\/gdpr$/],
];

/** Pages the sitemap leaves out, with the status each answers. */
const unlisted: Array<[string, number]> = [
  ["/alerts", 200],
  ["/alerts/manage/1/not-a-token", 404],
  ["/playtesting/survey", 200],
  ["/support/report", 200],
  ["/support/search?q=crash", 200],
  ["/account/login", 200],
  ["/account/create", 200],
  ["/account/forgot", 200],
  ["/this-page-does-not-exist", 404],
  // A French and a Spanish page: their own texts, dates and numbers.
  ["/fr/careers/locations/quebec", 200],
  ["/es/playtesting", 200],
];

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
};

function runChecker(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      // The checker exits with 1 when it reports an error: the report is what counts.
      (error, stdout, stderr) => {
        const output = (stderr || stdout).trim();
        try {
          resolve((JSON.parse(output) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`the HTML checker did not report: ${error?.message ?? ""}\n${output}`));
        }
      },
    );
  });
}

describe("HTML validity", () => {
  let site: Site;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-html-"));

  beforeAll(async () => {
    site = await startSite();
  });

  afterAll(async () => {
    await site?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the W3C HTML checker reports no error on a page of every route", { timeout: 180_000 }, async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const pages: Array<[string, number]> = listedPatterns.map(([name, pattern]) => {
      const found = listed.find((pathname) => pattern.test(pathname));
      if (!found) throw new Error(`the sitemap lists no ${name} page`);
      return [found, 200];
    });
    pages.push(...unlisted);

    const files: Record<string, string> = {};
    for (const [address, status] of pages) {
      const res = await fetch(site.url + address, { redirect: "manual" });
      expect(res.status, address).toBe(status);
      const name = `${address
        .replace(/^\/$/, "/home")
        .slice(1)
        .replace(/[^a-z0-9]+/gi, "_")}.html`;
      const file = path.join(dir, name);
      fs.writeFileSync(file, await res.text());
      files[file] = address;
    }

    const started = Date.now();
    const messages = await runChecker(Object.keys(files));
    process.stdout.write(
      `HTML checker: ${pages.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    const errors = messages
      .filter((m) => m.type === "error" || m.subType === "fatal" || m.type === "non-document-error")
      .map((m) => {
        const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
        const where = `${files[file] ?? path.basename(file)} (${path.basename(file)}:${m.lastLine ?? "?"}:${m.firstColumn ?? "?"})`;
        return `${where}: ${m.message}${m.extract ? ` — ${m.extract.replace(/\s+/g, " ").trim()}` : ""}`;
      });
    expect(errors).toEqual([]);
  });
});
