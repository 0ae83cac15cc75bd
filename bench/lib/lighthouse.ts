// Figure (5): Lighthouse's mobile performance (its default: a mid-range phone on a slow 4G
// connection, simulated) in Debian's Chromium, median of a few runs per page.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Figure } from "./report";
import type { Server } from "./servers";
import { median } from "./wrk";

const cli = createRequire(import.meta.url).resolve("lighthouse/cli/index.js");
const chromeFlags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage";

// FCP is no target: it is shown since it is what render-blocking resources delay first.
type Metrics = { score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number };

/**
 * The site's own targets on a simulated phone, stricter than Core Web Vitals' "good" (90,
 * 2.5 s, 200 ms, 0.1): a score of 95, LCP under 2 s, TBT under 150 ms, CLS under 0.05.
 */
const targets = { score: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05 };
const targetText = `score ≥ ${targets.score}, LCP < ${targets.lcpMs / 1000} s, TBT < ${targets.tbtMs} ms, CLS < ${targets.cls}`;
const meets = (m: Metrics) =>
  m.score >= targets.score && m.lcpMs < targets.lcpMs && m.tbtMs < targets.tbtMs && m.cls < targets.cls;
const show = (m: Metrics) =>
  `score ${m.score}, FCP ${(m.fcpMs / 1000).toFixed(1)} s, LCP ${(m.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(m.tbtMs)} ms, CLS ${m.cls.toFixed(3)}`;

export const chromePath = () => process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * A run Lighthouse itself gave up on (NO_NAVSTART, NO_FCP…): it saves a report with a
 * `runtimeError` and exits 1. On a loaded machine Chromium's trace sometimes misses the
 * navigation's start, which says nothing of the page: such a run is tried again.
 */
class LighthouseRuntimeError extends Error {}

async function lighthouse(url: string, report: string): Promise<Metrics> {
  // No stale report from an earlier run may stand in for this one's.
  fs.rmSync(report, { force: true });
  const child = spawn(
    process.execPath,
    [
      cli,
      url,
      "--output=json",
      `--output-path=${report}`,
      "--only-categories=performance",
      `--chrome-flags=${chromeFlags}`,
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: chromePath() }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let err = "";
  child.stderr.on("data", (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  const lhr = fs.existsSync(report)
    ? (JSON.parse(fs.readFileSync(report, "utf8")) as {
        runtimeError?: { code: string; message: string };
        categories: { performance: { score: number | null } };
        audits: Record<string, { numericValue?: number }>;
      })
    : undefined;
  if (lhr?.runtimeError)
    throw new LighthouseRuntimeError(
      `lighthouse ${url}: ${lhr.runtimeError.code} (${lhr.runtimeError.message})`,
    );
  if (code !== 0 || !lhr) throw new Error(`lighthouse ${url} failed (${code}):\n${err}`);
  const metric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`lighthouse ${url}: no ${id}`);
    return value;
  };
  const score = lhr.categories.performance.score;
  if (score === null) throw new Error(`lighthouse ${url}: no performance score`);
  return {
    score: Math.round(score * 100),
    fcpMs: metric("first-contentful-paint"),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
  };
}

/** One run, tried once more when Lighthouse gave up on it (LighthouseRuntimeError). */
async function lighthouseRetried(url: string, report: string): Promise<Metrics> {
  try {
    return await lighthouse(url, report);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    console.warn(`  ${error.message}: trying that run again`);
    return lighthouse(url, report);
  }
}

/** Each metric's median over `runs` runs. */
async function medianRun(url: string, runs: number, work: string): Promise<Metrics> {
  const results: Metrics[] = [];
  for (let i = 0; i < runs; i++)
    results.push(await lighthouseRetried(url, path.join(work, `lighthouse-${i}.json`)));
  return {
    score: median(results.map((r) => r.score)),
    fcpMs: median(results.map((r) => r.fcpMs)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    tbtMs: median(results.map((r) => r.tbtMs)),
    cls: median(results.map((r) => r.cls)),
  };
}

/** The first link of a listing page to one of its items (a job, an article, a kit). */
async function firstItem(site: Server, listing: string, item: RegExp): Promise<string> {
  const html = await (await fetch(`${site.url}${listing}`)).text();
  const found = item.exec(html)?.[0];
  if (!found) throw new Error(`${listing} links to no item`);
  return found;
}

export async function lighthouseFigures(options: {
  site: Server;
  hello: Server;
  runs: number;
  work: string;
}) {
  if (!fs.existsSync(chromePath()))
    throw new Error(`no Chromium at ${chromePath()}: apt-get install chromium (or set CHROME_PATH)`);
  const { site, hello, runs, work } = options;
  const pages = [
    "/",
    "/careers",
    await firstItem(site, "/careers", /\/careers\/\d+(?=")/),
    "/internships",
    "/playtesting",
    "/contact",
    "/blog",
    await firstItem(site, "/blog", /\/blog\/(?!feed\.xml)[a-z0-9-]+(?=")/),
    "/press",
    await firstItem(site, "/press", /\/press\/[a-z0-9-]+(?=")/),
    "/support",
  ];
  const reference = await medianRun(`${hello.url}/`, runs, work);
  console.log(`  hello world: ${show(reference)}`);
  const figures: Figure[] = [];
  for (const page of pages) {
    const metrics = await medianRun(`${site.url}${page}`, runs, work);
    console.log(`  ${page}: ${show(metrics)}`);
    figures.push({
      figure: "5",
      label: `Lighthouse mobile ${page}`,
      value: show(metrics),
      reference: `hello ${show(reference)}`,
      ratio: "—",
      target: targetText,
      met: meets(metrics),
    });
  }
  return figures;
}
