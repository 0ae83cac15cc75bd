import fs from "node:fs";

/**
 * Debian's old headless shell (package chromium-headless-shell), the build Playwright itself runs
 * headless tests on: a page costs it about half the CPU of the full browser in its new headless
 * mode (legal.e2e.ts: 33 CPU-seconds of Chromium instead of 63, 2026-11-29). Without it, Debian's
 * full Chromium; CHROMIUM_PATH names another.
 */
const headlessShell = "/usr/lib/chromium/chromium-headless-shell";
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH || (fs.existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium");

/**
 * As root, without a sandbox; no GPU; and nothing that reaches out to Google's services, whose
 * connections this machine's closed network refuses, many at a time.
 */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
