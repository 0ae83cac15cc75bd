import type { AddressInfo } from "node:net";
import express from "express";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../../app/platform/uploads/test-samples";
import {
  consentChosen,
  expectAxeClean,
  expectFitsWidth,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  waitForHydration,
} from "./support/harness";

/**
 * Nothing foreign before a click (docs/decisions/0025-click-to-load-embeds.md): a press
 * kit's YouTube trailer and the contact page's map are placeholders until "Load"; no request
 * leaves for another origin before it; the CSP allows the provider on those pages only (fresh
 * and from the page cache); "Always load" survives a reload and is withdrawn in the cookie
 * settings. Nothing leaves this machine: YouTube's player origin is answered by the browser's
 * request interception, the map's tiles by a local stand-in server, anything else is aborted.
 */

const PLAYER_ORIGIN = "https://www.youtube-nocookie.com";
const KIT = "/press/tidebound";
const TRAILER_ID = "Hq3vT7bNd2A";

let site: Site;
let browser: Browser;
let tiles: ReturnType<express.Express["listen"]>;
let tilesOrigin: string;
const tileRequests: string[] = [];

beforeAll(async () => {
  const app = express();
  app.get("/tiles/:z/:x/:y.png", (req, res) => {
    tileRequests.push(req.path);
    res.type("png").send(png);
  });
  tiles = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => tiles.once("listening", resolve));
  tilesOrigin = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
  [site, browser] = await Promise.all([
    startSite({
      env: {
        MAP_TILE_URL: `${tilesOrigin}/tiles/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: "© Stand-in tiles",
        RATE_LIMIT_FORM_POINTS: "1000",
      },
    }),
    openBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await new Promise((resolve) => tiles?.close(resolve));
});

/**
 * Every request the page makes to an origin other than the site's, as origin + path. The
 * player's origin is answered here with a stand-in page; the tile stand-in is local; anything
 * else would leave the machine and is aborted (and still recorded, so the test fails).
 */
async function watchForeign(context: BrowserContext) {
  const foreign: string[] = [];
  const siteOrigin = new URL(site.url).origin;
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (url.origin === siteOrigin || url.protocol === "data:" || url.protocol === "blob:")
      return route.continue();
    foreign.push(`${url.origin}${url.pathname}`);
    if (url.origin === PLAYER_ORIGIN) {
      return route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><html lang=en><title>Player</title><p>Stand-in player</p></html>",
      });
    }
    if (url.origin === tilesOrigin) return route.continue();
    return route.abort();
  });
  return foreign;
}

/** A visitor who already answered the cookie banner, so only the placeholder is in view. */
async function visitor(options: { width?: number; javaScript?: boolean } = {}) {
  const opened = await openPage(browser, options);
  await opened.context.addCookies(consentChosen(site.url));
  const foreign = await watchForeign(opened.context);
  return { ...opened, foreign };
}

async function visit(page: Page, path: string) {
  await page.goto(site.url + path);
  await waitForHydration(page);
  // Whatever the page loads by itself has had its chance to go out.
  await page.waitForLoadState("networkidle");
}

const trailer = (page: Page) => page.getByRole("figure", { name: "Tidebound launch trailer" });
const player = (page: Page) => page.locator("iframe.embed__frame");

function directive(csp: string, name: string): string {
  return csp.split(";").find((d) => d.trim().startsWith(`${name} `)) ?? "";
}

describe("a press kit's trailer", { timeout: 120_000 }, () => {
  it("is a placeholder naming YouTube and what loading shares, loads nothing foreign before Load, then plays", async () => {
    const { page, foreign } = await visitor();
    await visit(page, KIT);
    const box = trailer(page);
    expect(await box.getByText("YouTube", { exact: true }).isVisible()).toBe(true);
    expect(await box.textContent()).toContain(
      "Playing it here loads YouTube's player: YouTube receives your IP address and the page you are on",
    );
    expect(await box.getByRole("link", { name: /Watch on YouTube/ }).getAttribute("href")).toBe(
      `https://www.youtube.com/watch?v=${TRAILER_ID}`,
    );
    expect(await player(page).count()).toBe(0);
    expect(foreign).toEqual([]);
    await expectAxeClean(page, `${KIT} with the trailer placeholder`);

    await box.getByRole("button", { name: "Load video" }).click();
    await expect.poll(() => foreign).toEqual([`${PLAYER_ORIGIN}/embed/${TRAILER_ID}`]);
    expect(await player(page).getAttribute("src")).toMatch(
      new RegExp(`^${PLAYER_ORIGIN}/embed/${TRAILER_ID}\\?autoplay=1`),
    );
    // The player's frame loaded (the CSP let it in) and focus followed into what loaded.
    await page.frameLocator("iframe.embed__frame").getByText("Stand-in player").waitFor();
    expect(await page.evaluate(() => document.activeElement?.matches("figure.embed--loaded"))).toBe(true);
  });

  it("allows YouTube's player in the CSP of pages with a trailer only, fresh and from the page cache", async () => {
    const { context } = await visitor();
    const csp = async (path: string) => {
      const res = await context.request.get(site.url + path);
      expect(res.status(), path).toBe(200);
      // The page's own header never leaves the server.
      expect(res.headers()["x-page-csp-extras"], path).toBeUndefined();
      return { csp: res.headers()["content-security-policy"] ?? "", cache: res.headers()["x-page-cache"] };
    };
    // An address of its own, so the first answer is a fresh render and the second its cached copy.
    const address = `${KIT}?csp=${Date.now()}`;
    const fresh = await csp(address);
    const cached = await csp(address);
    expect(fresh.cache).toBe("miss");
    expect(cached.cache).toBe("hit");
    for (const { csp: policy } of [fresh, cached]) {
      expect(directive(policy, "frame-src")).toBe(`frame-src ${PLAYER_ORIGIN}`);
    }
    // The cached copy allows its inline scripts by hash, not by a nonce served twice.
    expect(cached.csp).toMatch(/script-src 'self' 'sha256-/);
    expect(cached.csp).not.toContain("'nonce-");
    // The article with a trailer too; a kit without one and the home page allow no frame.
    expect(directive((await csp("/blog/ashen-covenant-launch")).csp, "frame-src")).toBe(
      `frame-src ${PLAYER_ORIGIN}`,
    );
    for (const path of ["/press/ashen-covenant", "/"]) {
      expect(directive((await csp(path)).csp, "frame-src"), path).toBe("frame-src 'none'");
      expect(directive((await csp(path)).csp, "img-src"), path).not.toContain(tilesOrigin);
    }
  });

  it("without JavaScript offers a plain link to watch on YouTube, and loads nothing foreign", async () => {
    const { page, foreign } = await visitor({ javaScript: false, width: 375 });
    await page.goto(site.url + KIT);
    await page.waitForLoadState("networkidle");
    const box = trailer(page);
    expect(await box.getByRole("link", { name: /Watch on YouTube/ }).isVisible()).toBe(true);
    expect(await box.getByRole("button").count()).toBe(0);
    expect(foreign).toEqual([]);
    await expectFitsWidth(page, `${KIT} without JavaScript at 375`);
  });

  it("remembers 'Always load YouTube videos' across a reload, decided in the browser, records each choice, and the cookie settings withdraw it", async () => {
    const { page, context, foreign } = await visitor({ width: 375 });
    /** The visitor's records of "Always load", as their consent receipt lists them. */
    const embedRecords = async () => {
      const res = await context.request.get(`${site.url}/api/consents/receipt`);
      if (!res.ok()) return [];
      const { records } = (await res.json()) as { records: Array<{ method: string; embeds: string[] }> };
      return records.filter((record) => record.method === "embed").map((record) => record.embeds);
    };
    await visit(page, KIT);
    await trailer(page).getByRole("checkbox", { name: "Always load YouTube videos" }).check();
    await trailer(page).getByRole("button", { name: "Load video" }).click();
    await player(page).waitFor();
    await expect.poll(embedRecords).toEqual([["youtube"]]);

    await page.reload();
    await waitForHydration(page);
    // Loaded by itself, with no click, after the reload.
    await player(page).waitFor();
    await page.frameLocator("iframe.embed__frame").getByText("Stand-in player").waitFor();
    // The server knows nothing of it: the page it sends this visitor has no player.
    const html = await (await context.request.get(site.url + KIT)).text();
    expect(html).not.toContain(PLAYER_ORIGIN);

    // Withdrawn in the cookie settings (reached from the skip link), at once.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cookie settings");
    await page.keyboard.press("Enter");
    const settings = page.getByRole("region", { name: "Cookies on this site" });
    const group = settings.getByRole("group", { name: "Videos and maps" });
    const remembered = group.getByRole("checkbox", { name: "Always load YouTube videos" });
    expect(await remembered.isChecked()).toBe(true);
    await remembered.uncheck();
    expect(await group.getByRole("status").textContent()).toBe("We will ask again before loading YouTube.");
    await expect.poll(embedRecords).toEqual([["youtube"], []]);

    foreign.length = 0;
    await page.reload();
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(await trailer(page).getByRole("button", { name: "Load video" }).isVisible()).toBe(true);
    expect(await player(page).count()).toBe(0);
    expect(foreign).toEqual([]);
  });

  it("reached by a client-side navigation, Load reloads the page under its own policy and plays", async () => {
    const { page, foreign } = await visitor();
    await visit(page, "/press");
    await page.locator(`a[href="${KIT}"]`).first().click();
    await page.waitForURL((url) => url.pathname === KIT);
    await waitForHydration(page);
    expect(foreign).toEqual([]);
    await newDocument(page, () => trailer(page).getByRole("button", { name: "Load video" }).click());
    await waitForHydration(page);
    await page.frameLocator("iframe.embed__frame").getByText("Stand-in player").waitFor();
    expect(foreign).toEqual([`${PLAYER_ORIGIN}/embed/${TRAILER_ID}`]);
  });
});

describe("the contact page's map", { timeout: 120_000 }, () => {
  it("names the tile server and loads no tile before Load, then shows the studios; its CSP allows the tiles there only", async () => {
    const { page, foreign } = await visitor();
    await visit(page, "/contact");
    const map = page.getByRole("figure", { name: "Map of our studios" });
    expect(await map.textContent()).toContain(new URL(tilesOrigin).host);
    expect(await map.textContent()).toContain("which receives your IP address and the area you look at");
    expect(foreign).toEqual([]);
    expect(tileRequests).toEqual([]);
    await expectAxeClean(page, "/contact with the map placeholder");

    await map.getByRole("button", { name: "Load map" }).click();
    await page.locator(".office-map img.leaflet-tile-loaded").first().waitFor();
    await expect.poll(() => page.locator(".office-map .office-marker").count()).toBe(7);
    expect(foreign.length).toBeGreaterThan(0);
    expect(foreign.filter((url) => !url.startsWith(`${tilesOrigin}/tiles/`))).toEqual([]);

    const res = await page.request.get(`${site.url}/contact`);
    expect(directive(res.headers()["content-security-policy"] ?? "", "img-src")).toContain(tilesOrigin);
  });

  it("remembers 'Always load' for the map across a reload", async () => {
    const { page } = await visitor();
    await visit(page, "/contact");
    const map = page.getByRole("figure", { name: "Map of our studios" });
    await map.getByRole("checkbox", { name: /^Always load maps from/ }).check();
    await map.getByRole("button", { name: "Load map" }).click();
    await page.locator(".office-map img.leaflet-tile-loaded").first().waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.locator(".office-map img.leaflet-tile-loaded").first().waitFor();
    expect(await page.getByRole("button", { name: "Load map" }).count()).toBe(0);
  });
});
