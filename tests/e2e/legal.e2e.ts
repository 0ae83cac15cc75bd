import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consentChosen,
  expectAxeClean,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  waitForHydration,
} from "./support/harness";

/** The legal pages as a visitor reaches them, with what each language calls them. */
const pages = [
  {
    path: "/privacy",
    titles: { en: "Privacy policy", fr: "Politique de confidentialité", es: "Política de privacidad" },
    // Changed for the videos and maps from other services (docs/decisions/0025-click-to-load-embeds.md).
    lastChanged: "2026-11-26",
  },
  {
    path: "/fan-content-policy",
    lastChanged: "2026-11-20",
    titles: {
      en: "Fan content policy",
      fr: "Politique sur le contenu des fans",
      es: "Política de contenido de fans",
    },
  },
  {
    path: "/tos",
    lastChanged: "2026-11-20",
    titles: { en: "Terms of service", fr: "Conditions d'utilisation", es: "Condiciones de servicio" },
  },
  {
    path: "/gdpr",
    lastChanged: "2026-11-20",
    titles: {
      en: "Your data rights (GDPR)",
      fr: "Vos droits sur vos données (RGPD)",
      es: "Tus derechos sobre tus datos (RGPD)",
    },
  },
] as const;

const languages = [
  {
    lang: "en",
    prefix: "",
    lastChanged: "Last changed:",
    dates: { "2026-11-20": "November 20, 2026", "2026-11-26": "November 26, 2026" },
    toc: "On this page",
  },
  {
    lang: "fr",
    prefix: "/fr",
    lastChanged: "Dernière modification",
    dates: { "2026-11-20": "20 novembre 2026", "2026-11-26": "26 novembre 2026" },
    toc: "Sur cette page",
  },
  {
    lang: "es",
    prefix: "/es",
    lastChanged: "Última modificación:",
    dates: { "2026-11-20": "20 de noviembre de 2026", "2026-11-26": "26 de noviembre de 2026" },
    toc: "En esta página",
  },
] as const;

/** Opens a page with the cookie choice already made, so the banner stays out of the way. */
async function openDecided(browser: Browser, site: Site, width: number) {
  const opened = await openPage(browser, { width });
  await opened.context.addCookies(consentChosen(site.url));
  return opened;
}

async function visit(page: Page, url: string) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(200);
  await waitForHydration(page);
}

/** Ids the contents link to, and whether the document has each of them. */
function tocTargets(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>(".legal-page__toc a")].map((a) => {
      const id = decodeURIComponent(a.hash.slice(1));
      return { id, found: document.getElementById(id)?.closest(".legal-page__body") != null };
    }),
  );
}

describe("legal pages", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    site = sharedSite();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const { lang, prefix, lastChanged, dates, toc } of languages) {
    it(`shows the four documents in ${lang} with their contents and date of last change`, async () => {
      const { page } = await openDecided(browser, site, 1280);
      for (const doc of pages) {
        await visit(page, `${site.url}${prefix}${doc.path}`);
        expect(await page.locator("html").getAttribute("lang")).toMatch(new RegExp(`^${lang}`));
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(doc.titles[lang]);
        const meta = page.locator(".legal-page__meta");
        expect(await meta.textContent()).toContain(lastChanged);
        expect(await meta.locator("time").getAttribute("datetime")).toBe(doc.lastChanged);
        expect(await meta.locator("time").textContent()).toBe(dates[doc.lastChanged]);
        const nav = page.getByRole("navigation", { name: toc });
        expect(await nav.getByRole("link").count()).toBeGreaterThanOrEqual(4);
        const targets = await tocTargets(page);
        expect(
          targets.filter((t) => !t.found),
          `${doc.path} contents`,
        ).toEqual([]);
        // The terms of service say which version they are; the other documents do not.
        expect(await meta.textContent()).toMatch(doc.path === "/tos" ? /Versi[oó]n 1/ : /^(?!.*Versi)/s);
      }
    });
  }

  it("takes a reader from the contents to the section, on a phone too", async () => {
    for (const width of [375, 1280]) {
      const { page } = await openDecided(browser, site, width);
      await visit(page, `${site.url}/fr/privacy`);
      const link = page.getByRole("navigation", { name: "Sur cette page" }).getByRole("link", {
        name: "Statistiques et témoins (cookies)",
      });
      await link.click();
      await page.waitForURL((url) => url.hash === "#statistiques-et-temoins-cookies");
      const heading = page.locator("#statistiques-et-temoins-cookies");
      await expect.poll(() => heading.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(400);
      expect(await heading.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
      // The cookie table lists every cookie the site sets, and the contact is the privacy role's address.
      const table = await page.locator(".legal-page__body table").textContent();
      for (const cookie of [
        "cookieconsent_status",
        "cookieanalytcs_status",
        "cookieconsent_record",
        "studio_flash",
        "faq_visitor",
        "studio_session",
        "studio_mfa",
        "studio_platform_state",
        "studio_signed_in",
      ]) {
        expect(table).toContain(cookie);
      }
      expect(
        await page.locator('.legal-page__body a[href="mailto:privacy@stormkettle.example"]').count(),
      ).toBeGreaterThan(0);
    }
  });

  // One test per width and language: 24 axe runs in one test outgrew the timeout on a slow CI machine.
  for (const width of [375, 1280]) {
    for (const { prefix, lang } of languages) {
      it(`is axe clean at ${width} px in ${lang}`, async () => {
        // The first visit shows the cookie banner too: the page must stay clean with it.
        const { page } = await openPage(browser, { width });
        for (const doc of pages) {
          await visit(page, `${site.url}${prefix}${doc.path}`);
          await expectAxeClean(page, `${prefix}${doc.path} at ${width}px`);
        }
      });
    }
  }

  it("shows on the home page the banners GET /api/multibanners serves", async () => {
    for (const { lang, prefix } of languages) {
      const res = await fetch(`${site.url}/api/multibanners?lang=${lang}`);
      expect(res.status).toBe(200);
      const { banners } = (await res.json()) as {
        banners: Array<{ title: string; linkLabel: string | null }>;
      };
      expect(banners.length).toBeGreaterThan(0);
      const { page } = await openDecided(browser, site, 1280);
      await visit(page, `${site.url}${prefix}/`);
      const shown = page.locator(".home-banners > li");
      expect(await shown.locator("h2").allTextContents()).toEqual(banners.map((b) => b.title));
      for (const banner of banners.filter((b) => b.linkLabel)) {
        expect(await shown.getByRole("link", { name: banner.linkLabel! }).count()).toBe(1);
      }
    }
  });
});
