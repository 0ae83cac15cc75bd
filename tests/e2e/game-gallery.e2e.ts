import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consentChosen,
  expectAxeClean,
  expectFitsWidth,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
} from "./support/harness";

/**
 * A game's page in a browser: its screenshots gallery with the keyboard only, with and without
 * JavaScript, and the whole page at 375 and 1280 px under axe. What needs no browser is
 * game-pages.e2e.ts's.
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

async function visitor(options: { width: number; javaScript?: boolean }) {
  const opened = await openPage(browser, options);
  await opened.context.addCookies(consentChosen(site.url));
  return opened.page;
}

/** The captions of the gallery's pictures a visitor can see. */
const shownPictures = (page: Page) =>
  page
    .locator(".kit-gallery__image")
    .evaluateAll((images) =>
      images
        .filter((image) => (image as HTMLElement).offsetParent !== null)
        .map((image) => image.getAttribute("alt")),
    );

describe("the screenshots gallery", () => {
  for (const javaScript of [true, false]) {
    it(`shows one picture and moves between them with the arrow keys (${javaScript ? "with" : "without"} JavaScript)`, async () => {
      const page = await visitor({ width: 1280, javaScript });
      await page.goto(`${site.url}/games/tidebound`);
      await expect(shownPictures(page)).resolves.toEqual(["Key art (portrait)"]);
      await page.getByRole("radio", { name: "Key art (portrait)" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect(shownPictures(page)).resolves.toEqual(["A diver at the drowned bell tower"]);
      await page.keyboard.press("ArrowRight");
      await expect(shownPictures(page)).resolves.toEqual(["The ship in the storm"]);
      // Tab leaves the gallery in one step: its pictures are one stop, not three.
      await page.keyboard.press("Tab");
      await expect(
        page.evaluate(() => document.activeElement?.closest(".kit-gallery") === null),
      ).resolves.toBe(true);
    });
  }
});

describe("a game's page", () => {
  for (const width of [375, 1280]) {
    it(`is accessible and fits the screen at ${width} px`, async () => {
      const page = await visitor({ width });
      await page.goto(`${site.url}/games/tidebound`);
      await expectAxeClean(page, `/games/tidebound at ${width}px`);
      await expectFitsWidth(page, `/games/tidebound at ${width}px`);
    });
  }
});
