/** Debian's Chromium, or the one CHROMIUM_PATH names. */
export const chromiumPath = () => process.env.CHROMIUM_PATH || "/usr/bin/chromium";

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
