import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import axe from "axe-core";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject, onTestFinished } from "vitest";

export type Site = {
  url: string;
  dataDir: string;
  /** SIGTERM, then waits for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
  logs(): string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built site as production runs it (node server.js), on a free port with an empty
 * data folder of its own, and waits until /readyz answers.
 */
export async function startSite(
  options: { env?: Record<string, string>; dataDir?: string } = {},
): Promise<Site> {
  const port = await freePort();
  // A data folder the caller gives is the caller's to remove.
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-data-"));
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      BUILD_DIR: inject("buildDir"),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // A content folder other than ./content (a snapshot while content is being edited).
      ...(process.env.E2E_CONTENT_DIR ? { CONTENT_DIR: process.env.E2E_CONTENT_DIR } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`site exited during start:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`site did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export function openBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

export type OpenedPage = { page: Page; context: BrowserContext; errors: string[] };

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
  const page = await context.newPage();
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
 * Fails when anything in the page's flow reaches past the window's right edge: on a phone that
 * is a page that scrolls or gets cut off sideways (a long word, a button that will not wrap, a
 * fixed width). Hidden helpers (visually-hidden text, the bot trap, a closed disclosure's
 * content), fixed overlays and what a sideways-scrolling strip holds are skipped.
 */
export async function expectFitsWidth(page: Page, label = page.url()) {
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      if (el.closest(".visually-hidden, .honeypot, [hidden], dialog:not([open])")) continue;
      if (getComputedStyle(el).position === "fixed") continue;
      // The folded part of a closed disclosure is laid out but not shown.
      if (el.closest("details:not([open])") && !el.closest("summary")) continue;
      // Inside a box that scrolls sideways (a strip of tabs): reachable, by design. (A box that
      // clips, like the layout's root, would hide it: that counts.)
      let scrolls = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflowX = getComputedStyle(up).overflowX;
        if (overflowX === "auto" || overflowX === "scroll") {
          scrolls = true;
          break;
        }
      }
      if (scrolls) continue;
      found.push(
        `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]} (right edge ${Math.round(box.right)})`,
      );
      if (found.length === 3) break;
    }
    return { width, found };
  });
  expect(overflowing.found, `${label} wider than ${overflowing.width}px`).toEqual([]);
}

/**
 * The text of the first e-mail of this kind to this address that the site wrote as a file
 * (DATA_DIR/mail, no SMTP_URL), waiting for the outbox worker to deliver it.
 */
export async function waitForMailFile(site: Site, kind: string, to: string): Promise<string> {
  const dir = path.join(site.dataDir, "mail");
  let found = "";
  await expect
    .poll(
      () => {
        const file = fs.existsSync(dir)
          ? fs.readdirSync(dir).find((f) => f.includes(kind) && f.includes(to))
          : undefined;
        found = file ? fs.readFileSync(path.join(dir, file), "utf8") : "";
        return found.length > 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}
