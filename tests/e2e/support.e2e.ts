import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consentChosen,
  expectAxeClean,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  stopClock,
  waitForHydration,
} from "./support/harness";

/**
 * Support FAQ in a real browser: searching (as you type with JavaScript, through the results
 * page without it), topics, an answer page and "Was this helpful?" both ways, axe at 375/1280
 * (axe runs in the page, so it checks the JavaScript visits; the markup is the server's either way).
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
async function visitor(options: { width: number; javaScript: boolean; allowErrors?: RegExp[] }) {
  const opened = await openPage(browser, options);
  await opened.context.addCookies(consentChosen(site.url));
  return opened;
}

async function visit(page: Page, path: string) {
  await page.goto(site.url + path);
  await waitForHydration(page);
}

const voteStatus = (page: Page) => page.locator(".faq-vote__status");

describe("without JavaScript", () => {
  it("searches in Spanish through the results page and votes with the form (375 px)", async () => {
    const { page, context } = await visitor({ width: 375, javaScript: false });
    await visit(page, "/es/support");
    await expect(page.getByRole("heading", { name: "Temas de ayuda" }).count()).resolves.toBe(1);

    await page.getByLabel("Buscar en el centro de ayuda").fill("contrasena");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/es/support/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("contrasena");
    await expect(page.locator(".faq-search__status").textContent()).resolves.toMatch(
      /respuestas? para «contrasena»/,
    );
    const first = page.locator(".faq-results__link").first();
    await expect(first.textContent()).resolves.toBe("¿Cómo restablezco mi contraseña?");

    await first.click();
    await page.waitForURL((url) => url.pathname === "/es/support/faq/how-do-i-reset-my-password");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "¿Cómo restablezco mi contraseña?",
    );
    await expect(page.getByRole("heading", { name: "Preguntas relacionadas" }).count()).resolves.toBe(1);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "¿Cómo restablezco mi contraseña?" }],
    });

    await newDocument(page, () => page.getByRole("button", { name: "Sí" }).click());
    await expect(voteStatus(page).textContent()).resolves.toContain("A 1 jugador le ha resultado útil.");
    await expect(page.getByRole("button", { name: "Sí" }).getAttribute("aria-pressed")).resolves.toBe("true");
    const cookie = (await context.cookies()).find((c) => c.name === "faq_visitor");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Changing the vote replaces it.
    await newDocument(page, () => page.getByRole("button", { name: "No", exact: true }).click());
    await expect(
      page.getByRole("button", { name: "No", exact: true }).getAttribute("aria-pressed"),
    ).resolves.toBe("true");
    await expect(voteStatus(page).textContent()).resolves.toContain("Gracias por decírnoslo.");
    await expect(page.locator(".faq-vote__counts").count()).resolves.toBe(0);
  });

  it("shows a topic with its questions (1280 px), and 404 for an unknown one", async () => {
    const { page } = await visitor({
      width: 1280,
      javaScript: false,
      // The browser's own line for the 404s this test visits on purpose.
      allowErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    await visit(page, "/fr/support/category/support-account");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Compte");
    await expect(page.locator(".faq-results__link").allTextContents()).resolves.toContain(
      "Comment réinitialiser mon mot de passe?",
    );
    const missing = await page.goto(`${site.url}/support/category/no-such-topic`);
    expect(missing?.status()).toBe(404);
    const internships = await page.goto(`${site.url}/support/faq/who-can-apply-for-an-internship`);
    expect(internships?.status()).toBe(404);
  });
});

describe("with JavaScript", () => {
  it("every support page is axe clean at 375 and 1280 px", async () => {
    for (const width of [375, 1280]) {
      const { page } = await visitor({ width, javaScript: true });
      for (const path of [
        "/es/support",
        "/es/support/search?q=contrasena",
        "/fr/support/category/support-account",
        "/support/faq/how-do-i-reset-my-password",
      ]) {
        await visit(page, path);
        await expectAxeClean(page, `${path} at ${width} px`);
      }
    }
  });

  it("shows results as the visitor types, then votes in place (1280 px)", async () => {
    const { page } = await visitor({ width: 1280, javaScript: true });
    const searches: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/faqs") searches.push(request.url());
    });
    await page.clock.install();
    await visit(page, "/fr/support");

    // Typed while the page's clock stands still, then a second passes, well past the pause the
    // box waits for after the last key: one search for the whole text.
    await stopClock(page);
    await page.getByLabel("Chercher dans le centre d’aide").pressSequentially("mot de passe");
    await page.clock.runFor(1000);
    await page.clock.resume();
    const first = page.locator(".faq-results__link").first();
    await first.waitFor();
    await expect(first.textContent()).resolves.toBe("Comment réinitialiser mon mot de passe?");
    // Results came from the API while the page stayed put.
    expect(new URL(page.url()).pathname).toBe("/fr/support");
    expect(searches).toHaveLength(1);
    await expect(page.locator(".faq-search__status").textContent()).resolves.toMatch(/pour « mot de passe »/);
    await expectAxeClean(page, "support home with live results (fr, 1280)");

    await first.click();
    await page.waitForURL((url) => url.pathname === "/fr/support/faq/how-do-i-reset-my-password");
    await page.getByRole("heading", { level: 1, name: "Comment réinitialiser mon mot de passe?" }).waitFor();

    let navigations = 0;
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const yes = page.getByRole("button", { name: "Oui" });
    await yes.click();
    await page.locator(".faq-vote__counts").waitFor();
    await expect(yes.getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(voteStatus(page).textContent()).resolves.toContain("1 joueur a trouvé cette réponse utile.");
    expect(navigations).toBe(0);
    await expectAxeClean(page, "answer after a vote (fr, 1280)");

    // The vote is this visitor's: it is still there after a reload, and voting again changes it.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Oui" }).getAttribute("aria-pressed")).resolves.toBe(
      "true",
    );
    const readVotes = () =>
      page.evaluate(async () => {
        const id = document.querySelector<HTMLElement>(".faq-vote")?.dataset.faqId;
        const res = await fetch(`/api/faqs/vote/${id}`);
        return (await res.json()) as { helpful: number; notHelpful: number; vote: boolean | null };
      });
    const before = await readVotes();
    expect(before.vote).toBe(true);
    await Promise.all([
      page.waitForResponse((res) => res.request().method() === "POST" && res.url().includes("/support/faq/")),
      page.getByRole("button", { name: "Non" }).click(),
    ]);
    await expect(page.getByRole("button", { name: "Non" }).getAttribute("aria-pressed")).resolves.toBe(
      "true",
    );
    // Replaced, not added: one vote moved from "helpful" to "not helpful".
    expect(await readVotes()).toEqual({
      ...before,
      helpful: before.helpful - 1,
      notHelpful: before.notHelpful + 1,
      vote: false,
    });
  });

  it("submitting the search opens the results page; short queries ask for more (375 px)", async () => {
    const { page } = await visitor({ width: 375, javaScript: true });
    await visit(page, "/support");
    const box = page.getByLabel("Search the help centre");
    await box.fill("c");
    await expect
      .poll(() => page.locator(".faq-search__status").textContent())
      .toBe("Type at least two characters to search our answers.");
    await box.fill("refund");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/support/search");
    await expect(page.locator(".faq-results__link").first().textContent()).resolves.toBe(
      "Can I get a refund?",
    );
    await expectAxeClean(page, "search results (en, 375)");
  });
});
