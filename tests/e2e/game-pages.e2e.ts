import { beforeAll, describe, expect, it } from "vitest";
import { type Site, sharedSite } from "./support/harness";

/**
 * A game's page (/games/{slug}, docs/requirements.md#game-pages) as the production build serves
 * it to anyone, JavaScript or not: read as HTML, over the tests' own content
 * (tests/fixtures/content). The gallery's keyboard and the page's accessibility in a browser are
 * game-gallery.e2e.ts's.
 */

let site: Site;

beforeAll(() => {
  site = sharedSite();
});

type Page = { status: number; html: string; location: string | null };

async function get(path: string): Promise<Page> {
  const res = await fetch(site.url + path, { redirect: "manual" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

/** The HTML of the page's section whose id is `id` (up to the next section). */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, `section #${id}`).toBeGreaterThan(-1);
  const end = html.indexOf("<section", start);
  return html.slice(start, end === -1 ? undefined : end);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

const h1Of = (html: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "").trim();

describe("a game's page", () => {
  let tidebound: string;
  beforeAll(async () => {
    const page = await get("/games/tidebound");
    expect(page.status).toBe(200);
    tidebound = page.html;
  });

  it("opens on the game: key art, name, genre, tagline, platforms, release date and its site in a new tab", () => {
    expect(h1Of(tidebound)).toBe("Tidebound");
    const header = tidebound.slice(
      tidebound.indexOf('<header class="page-header'),
      tidebound.indexOf("</header>", tidebound.indexOf('<header class="page-header')),
    );
    expect(header).toContain("/images/art/games/tidebound/");
    expect(text(header)).toContain("Co-op sailing adventure");
    expect(text(header)).toContain("Chart a drowned world with up to four friends.");
    for (const platform of ["PC", "PlayStation 4", "Xbox One", "Nintendo Switch"]) {
      expect(header).toContain(`<li class="game-hero__platform">${platform}</li>`);
    }
    expect(text(header)).toContain("June 12, 2019");
    expect(header).toMatch(
      /<a class="button button--primary" href="https:\/\/tidebound\.stormkettle\.example" target="_blank" rel="noopener noreferrer">/,
    );
  });

  it("shows the kit's trailer behind its click-to-load placeholder and its images with their captions as alt texts", () => {
    const trailer = section(tidebound, "trailer");
    expect(trailer).toContain("Tidebound launch trailer");
    expect(trailer).toContain('href="https://www.youtube.com/watch?v=Hq3vT7bNd2A"');
    // Nothing of the provider before the visitor presses Load.
    expect(trailer).not.toContain("<iframe");
    const gallery = section(tidebound, "screenshots");
    const alts = [...gallery.matchAll(/<img[^>]*class="kit-gallery__image"[^>]*alt="([^"]*)"/g)].map(
      ([, alt]) => alt,
    );
    expect(alts).toEqual([
      "Key art (portrait)",
      "A diver at the drowned bell tower",
      "The ship in the storm",
    ]);
    // Without JavaScript the first picture is the one shown: its radio button is checked.
    expect(gallery.match(/type="radio"[^>]*checked/g)).toHaveLength(1);
    expect(gallery).toMatch(/id="gallery-tidebound-0"[^>]*checked/);
  });

  it("says what is new: the three latest patch notes and the way to all, current known issues with their counts, the FAQ answers naming it", () => {
    const news = section(tidebound, "news");
    expect([...news.matchAll(/<span class="patch__version">([^<]+)<\/span>/g)].map(([, v]) => v)).toEqual([
      "2.4",
      "2.3.1",
      "2.3",
    ]);
    expect(news).toContain('href="/support/patches?game=tidebound"');
    // The fixed issue is in the patch notes; the one still investigated is listed with its count.
    expect(news).toContain('data-known-issue="tidebound-harbour-traders-stock"');
    expect(news).not.toContain('data-known-issue="tidebound-switch-lore-pages"');
    expect(news).toMatch(/class="known-issues__count" data-affected="\d+">\d+ players? affected/);
    expect(news).toContain('href="/support/report#report-form"');
    const questions = [...news.matchAll(/<summary class="faq__question"><span>([^<]+)<\/span>/g)].map(
      ([, q]) => q,
    );
    expect(questions).toEqual([
      "The game crashes. What should I do?",
      "Where are my saved games?",
      "My downloadable content does not show up in the game.",
    ]);
  });

  it("is kept by the page cache, its counts read-only; the known issues' own answers count a 'Me too' at once (docs/decisions/0065)", async () => {
    const path = "/games/emberfall-tactics";
    await fetch(site.url + path);
    const stored = await fetch(site.url + path);
    expect(stored.headers.get("x-page-cache")).toBe("hit");
    const slug = /data-known-issue="([^"]+)"/.exec(section(await stored.text(), "news"))?.[1];
    expect(slug).toBeDefined();
    const res = await fetch(`${site.url}/api/known-issues/${slug}/me-too`, {
      method: "POST",
      headers: { Origin: site.url },
    });
    expect(res.status).toBe(200);
    const { affected } = (await res.json()) as { affected: number };
    // What the report page, where players press it, shows them: the live count.
    const live = (await (
      await fetch(`${site.url}/api/known-issues?game=emberfall-tactics&lang=en`)
    ).json()) as {
      items: Array<{ slug: string; affected: number }>;
    };
    expect(live.items.find((item) => item.slug === slug)?.affected).toBe(affected);
  });

  it("lists the open roles and the current playtests that name it, with the way to the others", () => {
    const work = section(tidebound, "work-on-it");
    expect(text(work)).toContain("Gameplay QA Tester");
    expect(text(work)).not.toContain("Senior Gameplay Programmer");
    expect(work).toContain('href="/careers"');
    expect(text(work)).toContain("Tidebound co-op focus group");
    // Sign-up opens the form on the playtesting page, at the session's location.
    expect(work).toContain('href="/playtesting?location=barcelona#sign-up-form"');
  });

  it("gives journalists the fact sheet, the logos, the zip and the full kit", () => {
    const press = section(tidebound, "press");
    expect(press).toContain('href="/press-kits/tidebound/kit.zip?lang=en"');
    expect(text(press)).toContain("Fact sheet");
    expect(press).toContain('alt="Logo (vector)"');
    expect(press).toContain('href="/press/tidebound"');
  });

  it("leaves out what a game has none of and says so where a visitor would look", async () => {
    const lantern = (await get("/games/the-lantern-court")).html;
    const news = section(lantern, "news");
    // No patch notes: the part is left out; no known issue: it says so, with the way to report one.
    expect(news).not.toContain("patch__version");
    expect(text(news)).toContain("No known issues with The Lantern Court right now.");
    expect(news).toContain('href="/support/report#report-form"');
    const work = section((await get("/games/emberfall-tactics")).html, "work-on-it");
    expect(text(work)).toContain("No open role names Emberfall Tactics right now");
    // No trailer in the kit: no trailer section.
    expect(lantern).not.toContain('id="trailer"');
  });

  it("is written in French and Spanish at their addresses", async () => {
    const fr = (await get("/fr/games/tidebound")).html;
    expect(fr).toMatch(/<html[^>]*lang="fr-CA"/);
    expect(text(fr)).toContain("Aventure de navigation en coopération");
    expect(text(section(fr, "news"))).toContain("Les nouvelles de Tidebound");
    expect(section(fr, "press")).toContain('href="/fr/press/tidebound"');
    const es = (await get("/es/games/tidebound")).html;
    expect(es).toMatch(/<html[^>]*lang="es"/);
    expect(text(section(es, "work-on-it"))).toContain("Ayúdanos a hacer Tidebound");
  });

  it("has its own link-preview card, a JPEG of its key art", async () => {
    const image = /<meta property="og:image" content="([^"]+)"/.exec(tidebound)?.[1];
    expect(image).toBe(`${site.url}/images/social/games/tidebound.jpg`);
    const res = await fetch(image!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
  });
});

describe("the addresses around game pages", () => {
  it("sends /games to the home page's games, in the visitor's language", async () => {
    expect(await get("/games")).toMatchObject({ status: 302, location: "/#games" });
    expect(await get("/fr/games")).toMatchObject({ status: 302, location: "/fr#games" });
  });

  it("answers an unknown game with the localized 404 page", async () => {
    const en = await get("/games/tidebound-2");
    expect(en.status).toBe(404);
    expect(h1Of(en.html)).toBe("Page not found");
    const fr = await get("/fr/games/nulle-part");
    expect(fr.status).toBe(404);
    expect(h1Of(fr.html)).toBe("Page introuvable");
  });

  it("links each game's page from the home cards (keeping the official site), the menus, the footer and its support pages", async () => {
    const home = (await get("/")).html;
    const games = section(home, "games");
    expect(games).toMatch(/<h3 class="game__name"><a class="game__link" href="\/games\/tidebound"/);
    expect(games).toContain('href="https://tidebound.stormkettle.example" target="_blank"');
    // The desktop navigation and the footer's site map (the mobile menu's destinations).
    // Straight to the home page's games: /games would cost a redirect.
    const navLinks = (html: string) =>
      [...html.matchAll(/<a\b[^>]*class="primary-nav__link"[^>]*>/g)].map((m) => m[0]);
    expect(navLinks(home)).toContainEqual(expect.stringContaining('href="/#games"'));
    expect(navLinks((await get("/fr")).html)).toContainEqual(expect.stringContaining('href="/fr#games"'));
    // On a game's page the menu marks Games as the section it is in.
    const onGame = navLinks((await get("/games/tidebound")).html).find((a) => a.includes('href="/#games"'));
    expect(onGame).toContain('aria-current="true"');
    const footer = home.slice(home.indexOf("<footer"));
    expect(footer).toMatch(/<h2 class="site-footer__heading"><a href="\/#games"/);
    expect(footer).toContain('href="/games/tidebound"');
    expect(footer).not.toMatch(/<li><a href="\/#games"/);
    const fr = (await get("/fr")).html;
    expect(fr.slice(fr.indexOf("<footer"))).toContain('href="/fr/games/tidebound"');

    expect((await get("/support/patches?game=tidebound")).html).toContain('href="/games/tidebound"');
    expect((await get("/support/report")).html).toMatch(
      /<h3 class="known-issues__game"><a[^>]*href="\/games\/tidebound"/,
    );
  });
});
