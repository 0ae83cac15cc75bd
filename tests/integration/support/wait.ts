/** Polls `check` every 100 ms until it holds; fails with `what` after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms: number) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
