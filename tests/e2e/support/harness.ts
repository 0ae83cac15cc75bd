import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import axe from "axe-core";
import { strFromU8, unzipSync } from "fflate";
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Locator,
  type Page,
} from "playwright-core";
import { expect, inject, onTestFinished } from "vitest";
import {
  ANALYTICS_CONSENT_COOKIE,
  CONSENT_COOKIE,
  CONSENT_DENIED,
  CONSENT_GRANTED,
} from "~/features/consent/consent-cookies";
import { sidewaysOverflow } from "./overflow";
import { type SiteProcess, spawnSite } from "./site-process";

export { freePort } from "./site-process";

export type Site = SiteProcess & { dataDir: string };

/**
 * Starts the built site as production runs it (node server.js), on a free port with a data
 * folder of its own, and waits until /readyz answers. An empty data folder starts as a copy of
 * the run's template (global-setup.ts): the database already created, migrated and loaded with
 * the content. The outbox is polled every 100 ms, so an e-mail is written soon after its cause.
 */
export async function startSite(
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<Site> {
  // A data folder the caller gives is the caller's to remove.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-data-"));
  if (fs.readdirSync(dataDir).length === 0)
    fs.cpSync(inject("templateDataDir"), dataDir, { recursive: true });
  const site = await spawnSite({
    buildDir: inject("buildDir"),
    dataDir,
    env: { MAIL_WORKER_INTERVAL_MS: "100", ...options.env },
  });
  return {
    ...site,
    dataDir,
    async stop() {
      const code = await site.stop();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/** This worker's number, from 1 to the project's maxWorkers: two files at once never share one. */
function workerNumber(): number {
  return Number(process.env.VITEST_POOL_ID ?? "1");
}

/**
 * The site this worker's files share (global-setup.ts): started once for the run, with the
 * test content, raised budgets and the outbox written to DATA_DIR/mail. A file that uses it
 * reads what any site shows, or writes under addresses and names no other file uses; it does
 * not stop it. Two files run at a time, each on its worker's site.
 */
export function sharedSite(): Site {
  const sites = inject("sharedSites");
  if (sites.length === 0) throw new Error("no shared site: only the e2e project starts them");
  const { url, dataDir } = sites[(workerNumber() - 1) % sites.length]!;
  return {
    url,
    dataDir,
    logs: () => "",
    stop: async () => {
      throw new Error("a shared site is stopped by the run, not by a file");
    },
    kill: async () => {
      throw new Error("a shared site is stopped by the run, not by a file");
    },
  };
}

/**
 * The run's Chromium (browser-global-setup.ts), connected to. Closing the connection closes the
 * contexts this file opened, not the browser.
 */
export function openBrowser(): Promise<Browser> {
  return chromium.connect(inject("browserEndpoint"));
}

/**
 * The bytes of a download. The browser runs in another process (browser-global-setup.ts), which
 * keeps the file: it is read through the connection.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type OpenedPage = { page: Page; context: BrowserContext; errors: string[] };

const withoutScripts = new WeakSet<Page>();

/**
 * A page in a fresh context (no cookies) at a phone or desktop width. Console errors and page
 * errors fail the test when it finishes, except those matching `allowErrors` (e.g. the
 * browser's own "Failed to load resource" line when a test visits a 404 on purpose).
 */
export async function openPage(
  browser: Browser,
  options: { width?: number; javaScript?: boolean; allowErrors?: RegExp[]; locale?: string } = {},
): Promise<OpenedPage> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    viewport: { width, height: width < 970 ? 800 : 900 },
    javaScriptEnabled: options.javaScript ?? true,
    locale: options.locale ?? "en-US",
    hasTouch: width < 970,
    isMobile: false,
  });
  // A toast leaves after a few seconds, which a busy machine can let pass before the test
  // looks: each document keeps every toast it showed (toastsShown), and their text is read when
  // the test asks. Read when added, a server-rendered toast (a flash after a post) could be
  // caught by the HTML parser before its text: '' (seen in status-playtest, 2026-11-27).
  await context.addInitScript(() => {
    const shown = new Set<Element>();
    (window as unknown as { toastsShown: () => string[] }).toastsShown = () =>
      [...shown].map((toast) => toast.textContent ?? "");
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const toast of [node, ...node.querySelectorAll(".toast")]) {
            if (toast.matches(".toast")) shown.add(toast);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  if (options.javaScript === false) withoutScripts.add(page);
  const errors: string[] = [];
  const allowed = (text: string) => (options.allowErrors ?? []).some((re) => re.test(text));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !allowed(msg.text())) errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => {
    if (!allowed(err.message)) errors.push(`pageerror: ${err.message}`);
  });
  onTestFinished(async () => {
    await context.close();
    expect(errors, "the page logged errors").toEqual([]);
  });
  return { page, context, errors };
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/** Runs axe-core (WCAG 2.0-2.2 A/AA rules) and fails on any serious or critical violation. */
export async function expectAxeClean(page: Page, label = page.url()) {
  // evaluate() runs through the DevTools protocol, so the page's strict CSP is left intact.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as { axe: typeof axe };
    const result = await w.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  });
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `axe violations on ${label}`).toEqual([]);
}

/**
 * axe-core on a page opened without JavaScript. axe needs scripts, which such a page cannot
 * run: the same HTML, scripts taken out, is checked in a page that has them, at the same
 * address and width. `shows` (a selector) must be found in the copy: it is the page meant.
 */
export async function expectAxeCleanWithoutScripts(
  browser: Browser,
  site: Pick<Site, "url">,
  page: Page,
  { width, label, shows }: { width: number; label: string; shows: string },
) {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<head>/i, `<head><base href="${page.url()}">`);
  // Only axe runs there: a file the copied page names relative to a URL of its own may miss.
  const { page: checker } = await openPage(browser, {
    width,
    javaScript: true,
    allowErrors: [/Failed to load resource/],
  });
  // A document of the site's origin that runs nothing, so fonts and styles load as on the page.
  await checker.goto(`${site.url}/robots.txt`);
  await checker.setContent(html, { waitUntil: "load" });
  expect(await checker.locator(shows).count(), `${label}: the copy shows ${shows}`).toBeGreaterThan(0);
  await expectAxeClean(checker, label);
}

/** Fails when anything in the page's flow reaches past the window's right edge (overflow.ts). */
export async function expectFitsWidth(page: Page, label = page.url()) {
  const { viewport, widest } = await page.evaluate(sidewaysOverflow);
  expect(
    widest.map((el) => `${el.label} (right edge ${el.right})`),
    `${label} wider than ${viewport}px`,
  ).toEqual([]);
}

/** The text of every toast the page's document has shown so far, gone or not. */
export function toastsShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { toastsShown: () => string[] }).toastsShown());
}

/**
 * Resolves once React has hydrated the page (the toast stack marks itself then) and the parts
 * that hydrate later, its forms (`<html data-hydrating>` until then: ui/hydrate-later.tsx), so
 * what the test does next goes through the page's scripts; at once for a page opened without
 * JavaScript.
 */
export async function waitForHydration(page: Page) {
  if (withoutScripts.has(page)) return;
  await page.waitForSelector(".toasts[data-hydrated]", { state: "attached" });
  await page.waitForSelector("html:not([data-hydrating])", { state: "attached" });
}

/** The natural width of an image once it has loaded (at once if it has); fails if it cannot load. */
export function loadedWidth(image: Locator): Promise<number> {
  return image.evaluate((img: HTMLImageElement) => {
    if (img.complete) {
      if (img.naturalWidth > 0) return img.naturalWidth;
      throw new Error(`${img.currentSrc || img.src} did not load`);
    }
    return new Promise<number>((resolve, reject) => {
      img.addEventListener("load", () => resolve(img.naturalWidth), { once: true });
      img.addEventListener("error", () => reject(new Error(`${img.currentSrc} did not load`)), {
        once: true,
      });
    });
  });
}

/**
 * Stops the page's clock, installed with page.clock.install() before the page loaded (time
 * flows as usual until then): its timers and animation frames then advance only as the test
 * moves the clock on with page.clock.runFor(), however slowly the machine runs meanwhile.
 */
export async function stopClock(page: Page) {
  // A moment ahead of the page's time, which was flowing until now.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/**
 * Does what loads a new document (a form posted or a link followed without JavaScript) and
 * resolves once that document has loaded. Waiting for the load state after the click instead
 * would find the old document, loaded already, while the new one is still on its way.
 */
export async function newDocument(page: Page, action: () => Promise<unknown>) {
  const loaded = page.waitForEvent("load");
  await action();
  await loaded;
}

/**
 * The names in `dir` that `matches`, sorted, once there are at least `count`: it watches the
 * folder rather than looking again after a while. The site writes these files whole (a
 * temporary name, then a link), so a name that shows up is a complete file.
 */
export async function waitForFiles(dir: string, matches: (name: string) => boolean, count = 1) {
  fs.mkdirSync(dir, { recursive: true });
  const watcher = fs.watch(dir);
  try {
    for (;;) {
      const names = fs.readdirSync(dir).filter(matches).sort();
      if (names.length >= count) return names;
      await once(watcher, "change");
    }
  } finally {
    watcher.close();
  }
}

/**
 * The text of the first e-mail of this kind to this address that the site wrote as a file
 * (DATA_DIR/mail, no SMTP_URL), waiting for the outbox worker to deliver it.
 */
export async function waitForMailFile(site: Site, kind: string, to: string): Promise<string> {
  const dir = path.join(site.dataDir, "mail");
  const [name] = await waitForFiles(dir, (f) => f.includes(kind) && f.includes(to));
  return fs.readFileSync(path.join(dir, name!), "utf8");
}

let markers = 0;

/**
 * Resolves once the site has sent every e-mail queued before the call, so a test can say that
 * one was never sent. The outbox sends in the order e-mails were queued: this queues one more
 * (a job alert's confirmation, to an address of its own) and waits until `received` has it.
 */
export async function mailQueueSent(
  site: Site,
  received: (to: string) => Promise<unknown> = (to) => waitForMailFile(site, "alert-created", to),
) {
  markers += 1;
  const to = `queue-marker-${markers}@example.com`;
  const res = await fetch(`${site.url}/api/open/office-job-subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ name: "Queue marker", email: to, language: "en" }),
  });
  expect(res.status, "the marker alert is created").toBe(202);
  await received(to);
}

/** Does what downloads a zip (a click) and answers its file name and entries. */
export async function downloadZip(page: Page, action: () => Promise<unknown>) {
  const [file] = await Promise.all([page.waitForEvent("download"), action()]);
  const bytes = await downloadedBytes(file);
  return { name: file.suggestedFilename(), entries: unzipSync(new Uint8Array(bytes)) };
}

/** The `data.json` of a data-rights zip, parsed. */
export const dataJson = (entries: Record<string, Uint8Array>) => JSON.parse(strFromU8(entries["data.json"]!));

/** The cookies of a visitor who already chose (no analytics): the cookie banner stays closed. */
export function consentChosen(url: string) {
  return [
    { name: CONSENT_COOKIE, value: CONSENT_GRANTED, url },
    { name: ANALYTICS_CONSENT_COOKIE, value: CONSENT_DENIED, url },
  ];
}

/**
 * The address of an open offer of the test content, found as a visitor finds one (the careers
 * API's list), never by an id written in the test: ids are the database's. `query` narrows the
 * list as the careers filters do (`location=quebec`).
 */
export async function openOfferPath(site: Pick<Site, "url">, query = ""): Promise<string> {
  const params = new URLSearchParams(query);
  params.set("pageSize", "1");
  const res = await fetch(`${site.url}/api/offices/job-offers?${params}`);
  expect(res.status, "the careers API lists offers").toBe(200);
  const { items } = (await res.json()) as { items: Array<{ id: number }> };
  expect(items.length, `an open offer (${query || "any"})`).toBeGreaterThan(0);
  return `/careers/${items[0]!.id}`;
}
