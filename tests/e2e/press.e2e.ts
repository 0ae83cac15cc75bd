import fs from "node:fs";
import path from "node:path";
import { unzipSync } from "fflate";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testContent } from "../support/test-content";
import {
  consentChosen,
  downloadedBytes,
  expectAxeClean,
  loadedWidth,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  waitForHydration,
} from "./support/harness";

/**
 * Press kits in a real browser: a journalist on a phone opens a game's kit from the press page
 * and downloads the whole kit as one zip and a single logo; the pages in three languages; axe at
 * 375 and 1280 px.
 */

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = sharedSite();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A visitor who already answered the cookie banner (so it covers nothing). */
async function visitor(width: number) {
  const opened = await openPage(browser, { width });
  await opened.context.addCookies(consentChosen(site.url));
  return opened;
}

async function visit(page: Page, path: string) {
  await page.goto(site.url + path);
  await waitForHydration(page);
}

/** Clicks a link that downloads, and returns the file's name and bytes. */
async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name }).first().click(),
  ]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await downloadedBytes(file)) };
}

describe("a journalist on a phone (375 px)", () => {
  it("opens a game's kit from the press page and downloads the full kit as one zip", async () => {
    const { page } = await visitor(375);
    await visit(page, "/press");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Stormkettle Studios");
    await expectAxeClean(page, "/press at 375");

    await page.getByRole("link", { name: "Tidebound — Press kit" }).click();
    await page.waitForURL((url) => url.pathname === "/press/tidebound");
    await page.getByRole("heading", { level: 1, name: "Tidebound" }).waitFor();
    await expect(page.getByText("Release date", { exact: true }).count()).resolves.toBe(1);

    const button = page.getByRole("link", { name: /^Download full kit \(\.zip, \d+ kB\)$/ });
    await expect(button.isVisible()).resolves.toBe(true);
    const zip = await download(page, /^Download full kit/);
    expect(zip.name).toBe("stormkettle-tidebound-press-kit-en.zip");
    const entries = unzipSync(zip.bytes);
    expect(Object.keys(entries).sort()).toEqual([
      "tidebound/fact-sheet-en.md",
      "tidebound/images/header.jpg",
      "tidebound/images/key-art.jpg",
      "tidebound/images/scene.jpg",
      "tidebound/logos/logo.png",
      "tidebound/logos/logo.svg",
    ]);
    expect(new TextDecoder().decode(entries["tidebound/fact-sheet-en.md"])).toContain(
      "# Tidebound — press kit",
    );
    await expectAxeClean(page, "/press/tidebound at 375");
  });

  it("downloads a single logo, and sees every thumbnail sized and loaded", async () => {
    const { page } = await visitor(375);
    await visit(page, "/press/tidebound");
    const logo = await download(page, /^Download Logo \(transparent PNG\) \(PNG, \d+ kB\)$/);
    expect(logo.name).toBe("tidebound-logo.png");
    expect(Buffer.from(logo.bytes)).toEqual(
      fs.readFileSync(path.join(testContent, "press/tidebound/files/logo.png")),
    );

    const thumbs = page.locator(".kit-file__thumb");
    await expect(thumbs.count()).resolves.toBe(5);
    // Below the fold they wait; every one has its size so nothing shifts when it arrives.
    for (const thumb of await thumbs.all()) {
      await expect(thumb.getAttribute("loading")).resolves.toBe("lazy");
      await expect(thumb.getAttribute("width")).resolves.toMatch(/^\d+$/);
      await expect(thumb.getAttribute("height")).resolves.toMatch(/^\d+$/);
      await thumb.scrollIntoViewIfNeeded();
      expect(await loadedWidth(thumb)).toBeGreaterThan(0);
    }
  });
});

describe("the studio kit's lead image, beside the header on wide screens only", () => {
  /** Every request for one of the studio kit's files or thumbnails while `path` loads. */
  async function studioKitRequests(page: Page, path: string) {
    const requested: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/press-kits/studio/")) requested.push(request.url());
    });
    await page.goto(site.url + path, { waitUntil: "load" });
    return requested;
  }

  it("is not downloaded on a phone (375 px), where it is hidden", async () => {
    const { page } = await visitor(375);
    // The kit's own thumbnails further down are lazy, thousands of pixels below the first screen.
    await expect(studioKitRequests(page, "/press")).resolves.toEqual([]);
    await expect(page.locator(".kit-header__art").isVisible()).resolves.toBe(false);
  });

  it("is shown and loaded at 1280 px", async () => {
    const { page } = await visitor(1280);
    const requested = await studioKitRequests(page, "/press");
    const art = page.locator(".kit-header__art");
    await expect(art.isVisible()).resolves.toBe(true);
    expect(await loadedWidth(art)).toBeGreaterThan(0);
    expect(requested).toContain(await art.evaluate((img: HTMLImageElement) => img.currentSrc));
  });
});

describe("the kit's in-page navigation at 1280 px", () => {
  it("stays in view under the site header, and each link lands its section below both", async () => {
    const { page } = await visitor(1280);
    await visit(page, "/press/tidebound");
    const top = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().top);
    const bottom = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().bottom);
    const nav = page.getByRole("navigation", { name: "On this page" });
    const heading = page.getByRole("heading", { level: 2, name: "Logos and icons" });
    await nav.getByRole("link", { name: "Logos", exact: true }).click();
    await expect.poll(() => top(heading)).toBeLessThan(400);
    expect(await top(nav)).toBeGreaterThanOrEqual((await bottom(page.locator(".site-header__bar"))) - 1);
    expect(await top(heading)).toBeGreaterThanOrEqual(await bottom(nav));
  });
});

describe("in three languages at 1280 px", () => {
  const cases = [
    { prefix: "", title: "Press kits", zip: /^Download full kit \(\.zip, \d+ kB\)$/, archive: "Archive" },
    {
      prefix: "/fr",
      title: "Trousses médias",
      zip: /^Télécharger la trousse complète \(\.zip, \d+ ko\)$/,
      archive: "Archives",
    },
    {
      prefix: "/es",
      title: "Kits de prensa",
      zip: /^Descargar el kit completo \(\.zip, \d+ kB\)$/,
      archive: "Archivo",
    },
  ];

  for (const { prefix, title, zip, archive } of cases) {
    it(`shows the press page and an archived kit in ${prefix || "/en"}`, async () => {
      const { page } = await visitor(1280);
      await visit(page, `${prefix}/press`);
      await expect(page.title()).resolves.toBe(`${title} – Stormkettle Studios`);
      await expect(page.getByRole("heading", { name: archive, exact: true }).count()).resolves.toBe(1);
      await expect(page.getByRole("link", { name: zip }).count()).resolves.toBe(1);
      await expect(
        page.getByRole("navigation", { name: /./ }).filter({ hasText: archive }).count(),
      ).resolves.toBe(1);
      await expect(
        page.locator('link[rel="alternate"][hreflang="fr-CA"]').getAttribute("href"),
      ).resolves.toBe(`${site.url}/fr/press`);
      await expectAxeClean(page, `${prefix}/press at 1280`);

      await page.getByRole("link", { name: /^Emberfall Tactics \(2016\)$/ }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/press/emberfall-tactics-2016`);
      await page.getByRole("heading", { level: 1, name: "Emberfall Tactics (2016)" }).waitFor();
      await expect(page.locator('meta[name="robots"]').getAttribute("content")).resolves.toBe("noindex");
      await expect(page.locator(".kit-header__date").textContent()).resolves.toContain("2016");
      await expectAxeClean(page, `${prefix}/press/emberfall-tactics-2016 at 1280`);
    });
  }
});

describe("addresses", () => {
  it("sends the studio kit's own address to the press page and answers 404 for an unknown kit", async () => {
    const studio = await fetch(`${site.url}/fr/press/studio`, { redirect: "manual" });
    expect(studio.status).toBe(301);
    expect(studio.headers.get("location")).toBe("/fr/press");
    const { page } = await openPage(browser, { width: 375, allowErrors: [/status of 404/] });
    const response = await page.goto(`${site.url}/es/press/half-life-3`);
    expect(response?.status()).toBe(404);
  });
});
