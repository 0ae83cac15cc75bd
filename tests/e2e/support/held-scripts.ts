import type { Page, Route } from "playwright-core";

/** The build's scripts, the only ones a page of the site runs (inline scripts only import them). */
const siteScripts = /\/assets\/[^?]+\.js(\?|$)/;

/**
 * Holds back every script of the build the page asks for, from now until `release()`: the page
 * paints from the server's HTML and stays as it is before hydration for as long as the test uses
 * it, as on a slow phone. A page followed to meanwhile (a form posted, a link) is held too.
 * `release()` lets them through, and every later one; the test then waits for hydration.
 * `scripts` names them on a page that is not the built site's (a fixture served by Vite).
 */
export async function holdScripts(
  page: Page,
  scripts: RegExp = siteScripts,
): Promise<{ release: () => Promise<void> }> {
  let letThrough = () => {};
  const released = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  const hold = async (route: Route) => {
    await released;
    // A document left meanwhile cancelled its requests: nothing to let through.
    await route.continue().catch(() => {});
  };
  await page.route(scripts, hold);
  return {
    async release() {
      letThrough();
      await page.unroute(scripts, hold);
    },
  };
}
