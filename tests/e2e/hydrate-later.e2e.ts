import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureHtml, scriptLoader } from "../../scripts/js-budget";
import { openBrowser, openPage, type Site, sharedSite, waitForHydration } from "./support/harness";
import { pagesWithAForm } from "./support/submissions";

/**
 * A page's form hydrates after the rest of the page (app/ui/hydrate-later.tsx,
 * docs/decisions/0034-forms-hydrate-later.md): the contact form's code is held back here to show
 * what a visitor on a slow phone lives through while it loads.
 */

let site: Site;
let browser: Browser;
beforeAll(async () => {
  site = sharedSite();
  browser = await openBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const field = (name: string) => `[id="contact-${name}"]`;
const submit = "#contact button[type=submit]";

/** Holds the contact form's own module until `release` is called; `asked` once it was requested. */
async function holdFormCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(/\/assets\/ContactForm-[^/]+\.js$/, async (route: Route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** The addresses the page posts to from now on (a form sent to the server, not checked here). */
function posts(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/contact")
      sent.push(request.url());
  });
  return sent;
}

describe("a form hydrates after the rest of its page", { timeout: 120_000 }, () => {
  it("the page hydrates without the form's code; the form then checks what is sent in the browser", async () => {
    const { page } = await openPage(browser, { width: 375 });
    const code = await holdFormCode(page);
    const sent = posts(page);
    await page.goto(`${site.url}/contact`);
    // The rest of the page has hydrated (the toast stack marks itself) while the form's code is held.
    await page.waitForSelector(".toasts[data-hydrated]", { state: "attached" });
    expect(await page.locator("html").getAttribute("data-hydrating")).toBe("");
    await expect
      .poll(code.asked, { message: "the form's code is asked for once the page is idle" })
      .toBe(true);

    code.release();
    await page.waitForSelector("html:not([data-hydrating])", { state: "attached" });
    await page.click(submit);
    const summary = page.locator("#contact .form-errors");
    await expect.poll(() => summary.textContent()).toContain("Your e-mail address: Field is required");
    expect(sent, "checked in the browser, not sent").toEqual([]);
  });

  it("sent before its code has loaded, goes to the server, which answers with the same messages", async () => {
    const { page } = await openPage(browser, { width: 1280 });
    const code = await holdFormCode(page);
    const sent = posts(page);
    await page.goto(`${site.url}/contact`);
    await page.waitForSelector(".toasts[data-hydrated]", { state: "attached" });
    const answered = page.waitForEvent("load");
    await page.click(submit);
    await answered;
    expect(sent).toHaveLength(1);
    await expect
      .poll(() => page.locator("#contact .form-errors").textContent())
      .toContain("Your e-mail address: Field is required");
    code.release();
  });

  it("keeps what the visitor typed before it hydrated", async () => {
    const { page } = await openPage(browser, { width: 1280 });
    const code = await holdFormCode(page);
    const sent = posts(page);
    await page.goto(`${site.url}/contact`);
    await page.waitForSelector(".toasts[data-hydrated]", { state: "attached" });
    await page.fill(field("name"), "Ada Early");
    await page.fill(field("email"), "not-an-address");
    expect(await page.locator("html").getAttribute("data-hydrating"), "typed before the form hydrated").toBe(
      "",
    );

    code.release();
    await page.waitForSelector("html:not([data-hydrating])", { state: "attached" });
    expect(await page.inputValue(field("name"))).toBe("Ada Early");
    await page.click(submit);
    const summary = page.locator("#contact .form-errors");
    await expect.poll(() => summary.textContent()).toContain("Field must be a valid e-mail address.");
    expect(await summary.textContent()).not.toContain("Your name");
    expect(sent).toEqual([]);
  });

  it("on a page reached by a link, is there at once and checks in the browser", async () => {
    const { page } = await openPage(browser, { width: 1280 });
    await page.goto(`${site.url}/blog`);
    await waitForHydration(page);
    const sent = posts(page);
    await page.click(".site-header a[href='/contact']");
    await page.waitForURL(/\/contact$/);
    await page.waitForSelector(submit);
    // Nothing left to hydrate: the navigation waited for the form's code.
    expect(await page.locator("html").getAttribute("data-hydrating")).toBeNull();
    await page.click(submit);
    await expect
      .poll(() => page.locator("#contact .form-errors").textContent())
      .toContain("Your e-mail address: Field is required");
    expect(sent).toEqual([]);
  });

  it("whose code fails to load stays the server's form, and tries again at the next focus", async () => {
    // The browser reports the failed requests itself.
    const { page } = await openPage(browser, {
      width: 1280,
      allowErrors: [/Failed to load resource/, /ERR_FAILED/],
    });
    let online = false;
    let attempts = 0;
    await page.route(/\/assets\/ContactForm-[^/]+\.js$/, async (route: Route) => {
      if (online) return route.continue();
      attempts += 1;
      await route.abort("failed");
    });
    const sent = posts(page);
    await page.goto(`${site.url}/contact`);
    await page.waitForSelector(".toasts[data-hydrated]", { state: "attached" });
    await page.focus(field("name"));
    await expect.poll(() => attempts, { message: "the load fails" }).toBeGreaterThan(0);
    // Once the failed attempts have settled, the page is as the server sent it: no error page.
    await page.waitForLoadState("networkidle");
    expect(await page.locator("h1").textContent()).toBe("Get in touch");
    expect(await page.locator("#contact").count(), "the server's form is still there").toBe(1);
    expect(await page.locator("html").getAttribute("data-hydrating")).toBe("");

    online = true;
    await page.focus(field("email"));
    await page.waitForSelector("html:not([data-hydrating])", { state: "attached" });
    await page.click(submit);
    await expect
      .poll(() => page.locator("#contact .form-errors").textContent())
      .toContain("Your e-mail address: Field is required");
    expect(sent).toEqual([]);
  });

  it.each(pagesWithAForm)(
    "%s keeps the server's form in place and styled while the form's code loads",
    async (pagePath) => {
      const { page } = await openPage(browser, { width: 375 });
      // Every script the HTML does not name, but the translation files hydration needs, is held.
      const html = await (await fetch(`${site.url}${pagePath}`)).text();
      const forms = (html.match(/<form[^>]*method="post"/g) ?? []).length;
      expect(forms, "the server's page has its form").toBeGreaterThan(0);
      // What the page loads at once, as `npm run check:js` counts it: the scripts the HTML names
      // (React Router's module script) and their static imports.
      const firstScripts = (await measureHtml(html, site.url + pagePath, scriptLoader(site.url))).scripts.map(
        (script) => script.url,
      );
      const held: Route[] = [];
      await page.route(/\/assets\/[^/]+\.js$/, async (route: Route) => {
        const url = route.request().url();
        const file = url.slice(url.lastIndexOf("/") + 1);
        if (firstScripts.includes(url) || file.startsWith("catalog-")) return route.continue();
        held.push(route);
      });
      // Each once: loading the form's code may link a stylesheet the page already has again.
      const stylesheets = () =>
        page.evaluate(() =>
          [
            ...new Set(
              [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
                (link) => new URL(link.href).pathname,
              ),
            ),
          ].sort(),
        );
      await page.goto(`${site.url}${pagePath}`);
      await page.waitForSelector(".toasts[data-hydrated]", { state: "attached" });
      await page.focus("main input, main button");
      await expect.poll(() => held.length, { message: "the form's code is asked for" }).toBeGreaterThan(0);
      expect(await page.locator("html").getAttribute("data-hydrating")).toBe("");
      expect(await page.locator('form[method="post"]').count()).toBe(forms);
      // The stylesheets the server's page links: all the form needs, before its code comes.
      const linked = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)]
        .map((tag) => /href="([^"#]+)#?"/.exec(tag[0])?.[1] ?? "")
        .sort();
      expect(await stylesheets()).toEqual(linked);

      // The form's code arrives and hydrates it: no stylesheet comes with it (the page had them all).
      for (const route of held.splice(0)) await route.continue();
      await page.unroute(/\/assets\/[^/]+\.js$/);
      await page.waitForSelector("html:not([data-hydrating])", { state: "attached" });
      expect(await stylesheets()).toEqual(linked);
      expect(await page.locator('form[method="post"]').count()).toBe(forms);
    },
  );
});
