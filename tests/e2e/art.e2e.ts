import fs from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testContent } from "../support/test-content";
import {
  consentChosen,
  expectAxeClean,
  expectFitsWidth,
  loadedWidth,
  openBrowser,
  openOfferPath,
  openPage,
  type Site,
  sharedSite,
} from "./support/harness";

/**
 * The studio's art where a visitor meets it (docs/art-direction.md, "Where each piece of art is
 * used"): each game's card shows that game's key art, each office's careers page, contact card
 * and job pages its city, each press kit and patch-notes page its game's; every picture loads,
 * in AVIF on this browser, at both widths, and the pages stay within the screen and axe-clean.
 */
const contentDir = testContent;

function slugsIn(folder: string): string[] {
  return fs
    .readdirSync(path.join(contentDir, folder))
    .filter((file) => file.endsWith(".yaml"))
    .map((file) => file.slice(0, -".yaml".length))
    .sort();
}

/** The game's English name, as its card's heading shows it. */
function gameName(slug: string): string {
  const yaml = fs.readFileSync(path.join(contentDir, "games", `${slug}.yaml`), "utf8");
  return /^name: (.+)$/m.exec(yaml)![1]!.trim();
}

const games = slugsIn("games");
const offices = slugsIn("offices");

/** Brings a (lazy) picture into view, waits until it has loaded and returns the file chosen. */
async function loadedSource(image: Locator): Promise<string> {
  await image.scrollIntoViewIfNeeded();
  expect(await loadedWidth(image)).toBeGreaterThan(0);
  return image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
}

async function imageAttributes(image: Locator) {
  return image.evaluate((img: HTMLImageElement) => ({
    loading: img.getAttribute("loading"),
    fetchPriority: img.getAttribute("fetchpriority"),
    width: img.getAttribute("width"),
    height: img.getAttribute("height"),
    inPicture: img.parentElement?.tagName === "PICTURE",
  }));
}

describe("art", () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    site = sharedSite();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(pathname: string, width: number): Promise<Page> {
    const { page, context } = await openPage(browser, { width });
    // A visitor who already chose: the cookie banner is not part of these pages' art.
    await context.addCookies(consentChosen(site.url));
    await page.goto(`${site.url}${pathname}`);
    return page;
  }

  for (const width of [375, 1280]) {
    it(`shows each game's own key art on its home card at ${width} px`, async () => {
      const page = await open("/", width);
      const cards = page.locator("#games .game");
      expect(await cards.count()).toBe(games.length);
      for (const slug of games) {
        const card = cards.filter({ has: page.getByRole("heading", { name: gameName(slug), exact: true }) });
        const art = card.locator("img.game__art");
        expect(await imageAttributes(art)).toMatchObject({ loading: "lazy", inPicture: true });
        expect(await loadedSource(art)).toMatch(new RegExp(`^/images/art/games/${slug}/card-\\d+\\.avif$`));
      }
      await expectFitsWidth(page, `home ${width}`);
      await expectAxeClean(page, `home ${width}`);
    });

    it(`shows each office's city on its careers page and its contact card at ${width} px`, async () => {
      for (const slug of offices) {
        const page = await open(`/careers/locations/${slug}`, width);
        const art = page.locator("img.page-header__art");
        // Above the fold, beside the title or as a band above it: fetched first.
        expect(await imageAttributes(art)).toMatchObject({
          loading: "eager",
          fetchPriority: "high",
          width: "1920",
          height: "1080",
          inPicture: true,
        });
        expect(await loadedSource(art)).toMatch(new RegExp(`^/images/art/offices/${slug}/wide-\\d+\\.avif$`));
        expect(await art.isVisible()).toBe(true);
        await expectFitsWidth(page, `${slug} ${width}`);
        if (slug === "quebec") await expectAxeClean(page, `${slug} ${width}`);
        await page.close();
      }

      const page = await open("/contact", width);
      const cityCards = page.locator(".office img.office__art");
      expect(await cityCards.count()).toBe(offices.length);
      const shown: string[] = [];
      for (const image of await cityCards.all()) {
        const source = await loadedSource(image);
        shown.push(/^\/images\/art\/offices\/([a-z-]+)\/card-\d+\.avif$/.exec(source)?.[1] ?? source);
      }
      expect(shown.sort()).toEqual(offices);
      await expectFitsWidth(page, `contact ${width}`);
      await expectAxeClean(page, `contact ${width}`);
    });

    it(`shows the office's city on a job page, the game's art on its press kit and patch notes at ${width} px`, async () => {
      const job = await open(await openOfferPath(site), width);
      const office = /\/careers\/locations\/([a-z-]+)$/.exec(
        (await job.locator(".job-facts a[href*='/careers/locations/']").getAttribute("href"))!,
      )![1];
      expect(await loadedSource(job.locator("img.job-header__art"))).toMatch(
        new RegExp(`^/images/art/offices/${office}/wide-\\d+\\.avif$`),
      );
      await expectAxeClean(job, `job ${width}`);

      const kit = await open("/press/tidebound", width);
      expect(await loadedSource(kit.locator("img.page-header__art"))).toMatch(
        /^\/images\/art\/games\/tidebound\/hero-\d+\.avif$/,
      );
      const press = await open("/press", width);
      for (const slug of games) {
        const card = press.locator(".kit-card").filter({ has: press.locator(`a[href$='/press/${slug}']`) });
        expect(await loadedSource(card.locator("img.kit-card__art"))).toMatch(
          new RegExp(`^/images/art/games/${slug}/card-\\d+\\.avif$`),
        );
      }

      const patches = await open("/support/patches?game=tidebound", width);
      expect(await loadedSource(patches.locator("img.page-header__art"))).toMatch(
        /^\/images\/art\/games\/tidebound\/hero-\d+\.avif$/,
      );
      expect(await loadedSource(patches.locator("#game-tidebound img.patch-game__art"))).toMatch(
        /^\/images\/art\/games\/tidebound\/banner-\d+\.avif$/,
      );
      await expectFitsWidth(patches, `patches ${width}`);
    });

    it(`shows the page scenes in the headers, a band on a phone, at ${width} px`, async () => {
      const scenes: Array<[string, string]> = [
        ["/careers", "careers"],
        ["/internships", "internships"],
        ["/contact", "contact"],
        ["/alerts", "alerts"],
        ["/support", "support"],
        ["/support/report", "report"],
        ["/playtesting", "playtesting"],
      ];
      for (const [pathname, key] of scenes) {
        const page = await open(pathname, width);
        const art = page.locator("img.page-header__art");
        expect(await loadedSource(art), pathname).toMatch(
          new RegExp(`^/images/art/pages/${key}/wide-\\d+\\.avif$`),
        );
        const box = (await art.boundingBox())!;
        if (width === 375) {
          // A band across the column, cropped at its focal point: neither hidden nor a tall box.
          expect(box.width, pathname).toBeGreaterThan(300);
          expect(box.height, pathname).toBeGreaterThanOrEqual(150);
          expect(box.height, pathname).toBeLessThanOrEqual(210);
        } else {
          expect(box.width, pathname).toBeGreaterThan(400);
        }
        expect(await art.evaluate((img) => getComputedStyle(img).objectFit)).toBe("cover");
        await page.close();
      }
    });

    it(`gives a blog article and its cards the cover's AVIF and WebP renditions at ${width} px`, async () => {
      const page = await open("/blog/tidebound-first-look", width);
      const cover = page.locator("img.news-article__cover");
      expect(await imageAttributes(cover)).toMatchObject({ width: "1200", height: "630", inPicture: true });
      expect(await loadedSource(cover)).toMatch(
        /^\/images\/art\/news\/tidebound-first-look\/cover-\d+\.avif$/,
      );
      const sources = await page
        .locator("picture:has(img.news-article__cover) source")
        .evaluateAll((list) => list.map((source) => source.getAttribute("type")));
      expect(sources).toEqual(["image/avif", "image/webp"]);
      const related = page.locator(".news-related img.news-card__cover").first();
      expect(await imageAttributes(related)).toMatchObject({ loading: "lazy", inPicture: true });
      expect(await loadedSource(related)).toMatch(/^\/images\/art\/news\/[a-z0-9-]+\/cover-\d+\.avif$/);
    });
  }
});
