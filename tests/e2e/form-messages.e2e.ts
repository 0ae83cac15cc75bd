import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAxeClean,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  toastsShown,
  waitForHydration,
} from "./support/harness";

/**
 * How a form tells the visitor what went wrong and that it went right (docs/decisions/0026-error-summary.md): a long form
 * refused lists its problems at its top, each linked to its field, and the visitor lands there,
 * without JavaScript (the answer opens scrolled to the summary) and with it (the focus moves to
 * it); the date of birth says 'Field is required' once; a page that confirms in its own content
 * shows no toast, and a toast elsewhere covers neither the heading nor the cookie banner.
 */

let site: Site;
let browser: Browser;

beforeAll(async () => {
  // Every form posted here counts against one visitor's form budget: the shared site's is raised.
  site = sharedSite();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const byId = (id: string) => `[id="${id}"]`;
const signup = (name: string) => byId(`playtest-signup-${name}`);
const summaryId = "playtest-signup-error";

async function open(path: string, options: { width: number; javaScript: boolean }): Promise<Page> {
  const { page } = await openPage(browser, options);
  // A step that cannot happen fails with its name rather than at the test's time limit.
  page.setDefaultTimeout(30_000);
  await page.goto(site.url + path);
  await waitForHydration(page);
  return page;
}

/**
 * axe on what a visitor without JavaScript was answered. axe itself is a script whose run waits on
 * timers, which never fire in a page with JavaScript off: the same markup (without the site's
 * scripts) is audited in a page that runs scripts, on the same site, so its styles apply.
 */
async function expectAxeCleanWithoutScripts(answered: Page, width: number, label: string) {
  const html = (await answered.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const { page } = await openPage(browser, { width });
  // A document of the site with no scripts of its own (the page itself would hydrate). A text
  // document makes the browser ask for /favicon.ico, which the site does not serve (its pages
  // name their icons): answered here, so that request logs no error.
  await page.route(`${site.url}/favicon.ico`, (route) => route.fulfill({ status: 204 }));
  await page.goto(`${site.url}/robots.txt`);
  await page.setContent(html, { waitUntil: "load" });
  await expectAxeClean(page, label);
}

/** Where an element is in the window, and where the sticky header ends. */
function placement(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)!.getBoundingClientRect();
    const header = document.querySelector(".site-header")?.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      headerBottom: header?.bottom ?? 0,
      height: window.innerHeight,
    };
  }, selector);
}

/** The summary is on screen, below the sticky header, its heading readable. */
async function expectSummaryInView(page: Page, id: string) {
  const at = await placement(page, byId(id));
  expect(at.top, "summary below the header").toBeGreaterThanOrEqual(at.headerBottom - 1);
  expect(at.top + 40, "summary's heading inside the window").toBeLessThanOrEqual(at.height);
}

const summaryLinks = (page: Page, id: string) =>
  page.locator(`${byId(id)} .form-errors__link`).evaluateAll((links) =>
    links.map((link) => ({
      href: link.getAttribute("href") ?? "",
      text: (link.textContent ?? "").trim(),
      target: Boolean(document.getElementById((link.getAttribute("href") ?? "").slice(1))),
    })),
  );

/** Every text of an element's error area, one per message. */
const messagesOf = (page: Page, id: string) => page.locator(`${byId(id)} p`).allTextContents();

for (const width of [375, 1280]) {
  describe(`a refused sign-up at ${width} px`, { timeout: 120_000 }, () => {
    it("without JavaScript: the answer opens on the summary, which names and links each field", async () => {
      const page = await open("/playtesting", { width, javaScript: false });
      await page.fill(signup("name"), "Léa Tremblay");
      await newDocument(page, () => page.click(".playtest-signup button[type=submit]"));

      expect(new URL(page.url()).hash).toBe(`#${summaryId}`);
      await expectSummaryInView(page, summaryId);
      expect(await page.textContent(`${byId(summaryId)} h2`)).toBe("There is a problem");
      const links = await summaryLinks(page, summaryId);
      expect(links.map((link) => link.href)).toEqual([
        "#playtest-signup-email",
        "#playtest-signup-phone",
        "#playtest-signup-location",
        "#playtest-signup-dateOfBirth",
        "#playtest-signup-over18",
        "#playtest-signup-english",
        "#playtest-signup-inPersonDay",
        "#playtest-signup-nda",
        "#playtest-signup-consent",
      ]);
      expect(links.filter((link) => !link.target)).toEqual([]);
      expect(links[0]!.text).toBe("E-mail: Field is required");
      expect(links[3]!.text).toBe("Date of birth: Field is required");
      // The messages stay under their fields too; the date of birth says it once.
      expect(await messagesOf(page, "playtest-signup-email-error")).toEqual(["Field is required"]);
      expect(await messagesOf(page, "playtest-signup-dateOfBirth-error")).toEqual(["Field is required"]);
      for (const part of ["month", "day", "year"]) {
        const select = page.locator(signup(`dateOfBirth.${part}`));
        expect(await select.getAttribute("aria-invalid")).toBe("true");
        expect(await select.getAttribute("aria-describedby")).toBe("playtest-signup-dateOfBirth-error");
      }
      // What was typed is kept, and the field that was right is not listed.
      expect(await page.inputValue(signup("name"))).toBe("Léa Tremblay");
      await expectAxeCleanWithoutScripts(page, width, `sign-up refused, no JavaScript, ${width}`);

      // A summary link leads to its field: the browser follows the fragment.
      await page.click(`${byId(summaryId)} a[href="#playtest-signup-email"]`);
      expect(new URL(page.url()).hash).toBe("#playtest-signup-email");
      await expectSummaryInView(page, "playtest-signup-email");
    });

    it("with JavaScript: the focus moves to the summary, and a link puts it in the field", async () => {
      const page = await open("/playtesting", { width, javaScript: true });
      await page.click(".playtest-signup button[type=submit]");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(summaryId);
      await expectSummaryInView(page, summaryId);
      const links = await summaryLinks(page, summaryId);
      expect(links).toHaveLength(10);
      expect(links.filter((link) => !link.target)).toEqual([]);
      expect(links.filter((link) => link.text.startsWith("Date of birth"))).toEqual([
        { href: "#playtest-signup-dateOfBirth", text: "Date of birth: Field is required", target: true },
      ]);
      expect(await messagesOf(page, "playtest-signup-dateOfBirth-error")).toEqual(["Field is required"]);
      await expectAxeClean(page, `sign-up refused in the browser, ${width}`);

      // The date of birth's link focuses its first selector (month first in English).
      await page.click(`${byId(summaryId)} a[href="#playtest-signup-dateOfBirth"]`);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("playtest-signup-dateOfBirth.month");
      const select = await placement(page, signup("dateOfBirth.month"));
      expect(select.top).toBeGreaterThanOrEqual(select.headerBottom);
      expect(select.bottom).toBeLessThanOrEqual(select.height);

      // Correcting a field updates the list without pulling the focus away.
      await page.click(signup("name"));
      await page.keyboard.type("Léa");
      await expect
        .poll(() => summaryLinks(page, summaryId).then((list) => list.map((link) => link.href)))
        .not.toContain("#playtest-signup-name");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("playtest-signup-name");
    });
  });
}

describe("the server's answer, with JavaScript", { timeout: 120_000 }, () => {
  it("an under-18 sign-up refused by the server: the focus moves to the summary", async () => {
    const page = await open("/fr/playtesting", { width: 375, javaScript: true });
    await page.fill(signup("name"), "Léa Tremblay");
    await page.fill(signup("email"), "jeune.summary@example.com");
    await page.fill(signup("phone.number"), "418 555 0134");
    await page.selectOption(signup("location"), "quebec");
    await page.selectOption(signup("dateOfBirth.day"), "30");
    await page.selectOption(signup("dateOfBirth.month"), "4");
    await page.selectOption(signup("dateOfBirth.year"), String(new Date().getFullYear() - 17));
    for (const name of ["over18", "english", "inPersonDay", "nda", "consent"]) await page.check(signup(name));
    await page.click(".playtest-signup button[type=submit]");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(summaryId);
    expect(await page.textContent(`${byId(summaryId)} h2`)).toBe("Il y a un problème");
    const links = await summaryLinks(page, summaryId);
    expect(links.map((link) => link.href)).toEqual(["#playtest-signup-dateOfBirth"]);
    expect(links[0]!.text).toMatch(/^Date de naissance\u00a0: .*18/);
    await expectSummaryInView(page, summaryId);
    await expectAxeClean(page, "sign-up refused by the server, fr 375");
  });
});

describe("the other long forms", { timeout: 120_000 }, () => {
  it("creating an account without JavaScript, in French on a phone: one date message, the summary in view", async () => {
    const page = await open("/fr/account/create", { width: 375, javaScript: false });
    await newDocument(page, () => page.click("form.account-form button[type=submit]"));
    expect(new URL(page.url()).hash).toBe("#create-error");
    await expectSummaryInView(page, "create-error");
    expect(await page.textContent(`${byId("create-error")} h2`)).toBe("Il y a un problème");
    const links = await summaryLinks(page, "create-error");
    expect(links.map((link) => link.href)).toEqual([
      "#create-username",
      "#create-email",
      "#create-password",
      "#create-dateOfBirth",
      "#create-tos",
    ]);
    expect(links.filter((link) => !link.target)).toEqual([]);
    expect(links[3]!.text).toBe("Date de naissance\u00a0: Ce champ est obligatoire");
    expect(await messagesOf(page, "create-dateOfBirth-error")).toEqual(["Ce champ est obligatoire"]);
    await expectAxeCleanWithoutScripts(page, 375, "account create refused fr 375");
  });

  it("the contact form without JavaScript, in Spanish at 1280 px", async () => {
    const page = await open("/es/contact", { width: 1280, javaScript: false });
    await newDocument(page, () => page.click(".contact-form button[type=submit]"));
    expect(new URL(page.url()).hash).toBe("#contact-error");
    await expectSummaryInView(page, "contact-error");
    expect(await page.textContent(`${byId("contact-error")} h2`)).toBe("Hay un problema");
    const links = await summaryLinks(page, "contact-error");
    expect(links.map((link) => link.href)).toEqual([
      "#contact-category",
      "#contact-name",
      "#contact-email",
      "#contact-subject",
      "#contact-message",
      "#contact-consent",
    ]);
    expect(links[1]!.text).toBe("Tu nombre: Este campo es obligatorio");
    await expectAxeCleanWithoutScripts(page, 1280, "contact refused es 1280");
  });

  it("a refused sign-in without JavaScript opens with the focus on the summary, in view at 1280 px", async () => {
    const page = await open("/account/login", { width: 1280, javaScript: false });
    await page.fill(byId("login-identifier"), "nobody-signs-in-here");
    await page.fill(byId("login-password"), "not-the-password-1");
    await newDocument(page, () => page.click("form.account-form button[type=submit]"));
    expect(await page.textContent(byId("login-error"))).toContain("could not log you in");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("login-error");
    await expectSummaryInView(page, "login-error");
    // No fragment: a success elsewhere would have carried it into its address.
    expect(new URL(page.url()).hash).toBe("");
  });

  it("a short form keeps its messages by its fields, with no list", async () => {
    const page = await open("/account/login", { width: 375, javaScript: true });
    await page.click("form.account-form button[type=submit]");
    await expect.poll(() => page.textContent(byId("login-identifier-error"))).toBe("Field is required");
    expect(await page.locator(`${byId("login-error")} .form-errors__link`).count()).toBe(0);
    expect(await page.textContent(byId("login-error"))).toBe("");
  });
});

describe("confirmations", { timeout: 120_000 }, () => {
  for (const javaScript of [true, false]) {
    it(`a sent message is confirmed once, on the page, not again in a toast (JavaScript ${javaScript ? "on" : "off"})`, async () => {
      const page = await open("/contact", { width: 375, javaScript });
      await page.selectOption(byId("contact-category"), "press");
      await page.fill(byId("contact-name"), "Ada Reporter");
      await page.fill(byId("contact-email"), "ada.once@news.example");
      await page.fill(byId("contact-subject"), "Interview request");
      await page.fill(byId("contact-message"), "Hello! I would like to interview your lead designer.");
      await page.check(byId("contact-consent"));
      const sent = () => page.click(".contact-form button[type=submit]");
      if (javaScript) await sent();
      else await newDocument(page, sent);
      await page.waitForURL(/\/contact\?sent=1#contact-form$/);
      expect(await page.locator(".contact-sent").textContent()).toContain("Thank you");
      if (javaScript) await expectAxeClean(page, "contact sent");
      else await expectAxeCleanWithoutScripts(page, 375, "contact sent, no JavaScript");
      expect(await toastsShown(page)).toEqual([]);
    });
  }

  for (const width of [375, 1280]) {
    for (const javaScript of [true, false]) {
      it(`a toast covers neither the heading nor the cookie banner (${width} px, JavaScript ${javaScript ? "on" : "off"})`, async () => {
        const page = await open("/account/forgot", { width, javaScript });
        const banner = page.getByRole("region", { name: "Cookies on this site" });
        expect(await banner.count()).toBe(1);
        await page.fill(byId("forgot-identifier"), "nobody.here@example.com");
        const send = () => page.click("form.account-form button[type=submit]");
        if (javaScript) await send();
        else await newDocument(page, send);
        await page.waitForURL(/\/account\/login$/);
        const toast = page.locator(".toasts [role=status] .toast").first();
        await toast.waitFor();
        expect(await toast.textContent()).toContain("a link to reset the password is on its way");
        // Announced politely: a confirmation, not an alarm.
        expect(await page.getAttribute(".toasts [role=status]", "aria-live")).toBe("polite");
        const boxes = await page.evaluate(() => {
          const rect = (el: Element | null) => {
            const r = el!.getBoundingClientRect();
            return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
          };
          return {
            toast: rect(document.querySelector(".toasts [role=status] .toast")),
            heading: rect(document.querySelector("h1")),
            banner: rect(document.querySelector(".consent-banner")),
            height: window.innerHeight,
          };
        });
        const overlaps = (a: typeof boxes.toast, b: typeof boxes.toast) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlaps(boxes.toast, boxes.heading), "toast over the heading").toBe(false);
        expect(overlaps(boxes.toast, boxes.banner), "toast over the cookie banner").toBe(false);
        expect(boxes.toast.bottom).toBeLessThanOrEqual(boxes.height);
        expect(boxes.toast.top).toBeGreaterThanOrEqual(0);
        if (javaScript) await expectAxeClean(page, `toast ${width}`);
        else await expectAxeCleanWithoutScripts(page, width, `toast ${width}, no JavaScript`);
      });
    }
  }
});

describe("the account screens", () => {
  it("share the sign-in screen's illustrated backdrop", async () => {
    const { page } = await openPage(browser, { width: 375, javaScript: false });
    for (const path of [
      "/account/login",
      "/account/create",
      "/account/forgot",
      "/fr/account/reset?token=x",
      "/account/verify",
    ]) {
      await page.goto(site.url + path);
      expect(await page.locator(".layout--login .simple-card").count(), path).toBe(1);
      const backdrop = await page.evaluate(
        () => getComputedStyle(document.querySelector(".simple-stage")!).backgroundImage,
      );
      expect(backdrop, path).toContain("/images/art/pages/account/wide-1280.avif");
    }
  });

  it("cover a window wider than 1280 px with the backdrop's 1920 px cut, not a stretched 1280 px one", async () => {
    const { page } = await openPage(browser, { width: 1920, javaScript: false });
    await page.goto(`${site.url}/account/login`);
    const backdrop = await page.evaluate(
      () => getComputedStyle(document.querySelector(".simple-stage")!).backgroundImage,
    );
    expect(backdrop).toContain("/images/art/pages/account/wide-1920.avif");
    const file = await fetch(`${site.url}/images/art/pages/account/wide-1920.avif`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/avif");
  });
});
