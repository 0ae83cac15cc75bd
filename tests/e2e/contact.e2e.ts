import type { AddressInfo } from "node:net";
import express from "express";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../../app/platform/uploads/test-samples";
import {
  expectAxeClean,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  waitForHydration,
  waitForMailFile,
} from "./support/harness";

/**
 * The contact page as a visitor lives it: the office map from a configured tile
 * server (else the list), a press enquiry through the reCAPTCHA v3 flow (a local stand-in
 * serves the script, asked for only once the visitor starts filling in the form, and verifies the
 * token) that arrives at the press address, the bot-check text
 * (docs/requirements.md#contact) when the script does not load, and the form without JavaScript on
 * a phone.
 */

let browser: Browser;
const standIn = { scriptAvailable: true, executeFails: false, verified: [] as string[], scriptRequests: 0 };
let standInServer: ReturnType<express.Express["listen"]>;
let standInUrl: string;

/** Tiles, a fake `grecaptcha` and siteverify, on one local port. */
async function startStandIn() {
  const app = express();
  app.get("/tiles/:z/:x/:y.png", (_req, res) => {
    res.type("png").send(png);
  });
  app.get("/recaptcha/api.js", (_req, res) => {
    standIn.scriptRequests++;
    if (!standIn.scriptAvailable) return void res.status(503).send("unavailable");
    if (standIn.executeFails)
      return void res.type("js").send(`window.grecaptcha = {
        ready: function (cb) { setTimeout(cb, 0); },
        execute: function () { return Promise.reject(new Error("stand-in refuses")); },
      };`);
    res.type("js").send(`window.grecaptcha = {
      ready: function (cb) { setTimeout(cb, 0); },
      execute: function (key, options) {
        return Promise.resolve("stand-in-" + options.action + "-" + key + "-" + Math.random().toString(36).slice(2));
      },
    };`);
  });
  app.post("/siteverify", express.urlencoded({ extended: false }), (req, res) => {
    const token = String(req.body.response ?? "");
    standIn.verified.push(token);
    res.json({ success: true, score: 0.9, action: token.split("-")[2], hostname: "127.0.0.1" });
  });
  standInServer = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => standInServer.once("listening", resolve));
  standInUrl = `http://127.0.0.1:${(standInServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  [browser] = await Promise.all([openBrowser(), startStandIn()]);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => standInServer?.close(resolve));
});

async function open(
  site: Site,
  url: string,
  options: { width?: number; javaScript?: boolean; allowErrors?: RegExp[] } = {},
) {
  const { page } = await openPage(browser, options);
  await page.goto(site.url + url);
  await waitForHydration(page);
  return page;
}

const field = (name: string) => `[id="contact-${name}"]`;

async function fillForm(page: Page, category: string, email: string) {
  await page.selectOption(field("category"), category);
  await page.fill(field("name"), "Ada Reporter");
  await page.fill(field("email"), email);
  await page.fill(field("subject"), "Interview request");
  await page.fill(field("message"), "Hello! I would like to interview your lead designer about Tidebound.");
  await page.check(field("consent"));
}

describe("with a tile server and reCAPTCHA configured", { timeout: 120_000 }, () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({
      env: {
        MAP_TILE_URL: `${standInUrl}/tiles/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: "© Stand-in tiles",
        RECAPTCHA_SITE_KEY: "stand-in-site-key",
        RECAPTCHA_SECRET: "stand-in-secret-value",
        RECAPTCHA_SCRIPT_URL: `${standInUrl}/recaptcha/api.js`,
        RECAPTCHA_VERIFY_URL: `${standInUrl}/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("shows the seven studios on the map and sends a press enquiry to the press address", async () => {
    standIn.scriptAvailable = true;
    const page = await open(site, "/contact");
    // The map loads its tiles from another server only when asked (features/embeds).
    await page.getByRole("button", { name: "Load map" }).click();
    const markers = page.locator(".office-map .office-marker");
    await expect.poll(() => markers.count()).toBe(7);
    await page.locator(".office-map img.leaflet-tile-loaded").first().waitFor();
    expect(await page.locator(".office-map").textContent()).toContain("© Stand-in tiles");
    // The list stays below the map, with its visit links.
    expect(await page.locator(".office-list .office").count()).toBe(7);
    await page.locator(".office-marker").first().click();
    await expect
      .poll(() => page.locator(".leaflet-popup-content a").getAttribute("href"))
      .toMatch(/openstreetmap\.org/);
    await expectAxeClean(page, "contact with map 1280");

    await fillForm(page, "press", "ada@news.example");
    await page.click(".contact-form button[type=submit]");
    await page.waitForURL(/\/contact\?sent=1#contact-form$/);
    expect(await page.locator(".contact-sent").textContent()).toContain("Thank you");
    expect(standIn.verified).toHaveLength(1);
    expect(standIn.verified[0]).toMatch(/^stand-in-contact-stand-in-site-key-/);
    const mail = await waitForMailFile(site, "contact-message", "press@stormkettle.example");
    expect(mail).toContain("Interview request");
    expect(mail).toMatch(/Reply-To: ada@news\.example/i);
    const ack = await waitForMailFile(site, "contact-acknowledgement", "ada@news.example");
    expect(ack).not.toContain("Interview request");
  });

  it("loads the bot check only once the visitor starts filling in the form, once, and says so", async () => {
    standIn.scriptAvailable = true;
    const before = standIn.scriptRequests;
    const { page } = await openPage(browser, { width: 1280 });
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(`${standInUrl}/recaptcha/`)) requested.push(request.url());
    });
    await page.goto(`${site.url}/contact`);
    // The form has hydrated (its code loaded), then the page was idle twice: the moments the
    // script used to be added at.
    await waitForHydration(page);
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(requested, "nothing asked of the bot check before the visitor uses the form").toEqual([]);
    expect(standIn.scriptRequests).toBe(before);
    // Beside the button, the form says what loads when, with Google's policy and terms.
    const note = page.locator(".contact-form__captcha");
    expect(await note.textContent()).toContain(
      "To block spam, this form loads Google reCAPTCHA when you start filling it in.",
    );
    expect(await note.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
      "https://policies.google.com/privacy?hl=en",
      "https://policies.google.com/terms?hl=en",
    ]);

    await page.press(field("name"), "A");
    await expect.poll(() => requested.length, { message: "the first key asks for the script" }).toBe(1);
    expect(new URL(requested[0]!).searchParams.get("render")).toBe("stand-in-site-key");
    await expect.poll(() => page.evaluate(() => "grecaptcha" in window)).toBe(true);
    // Another field, more keys: the script is not asked for again.
    await page.locator(field("email")).focus();
    await page.keyboard.type("ada@news.example");
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
    expect(requested).toHaveLength(1);
    expect(standIn.scriptRequests).toBe(before + 1);
    expect(await page.locator('script[src*="/recaptcha/api.js"]').count()).toBe(1);
    await expectAxeClean(page, "contact with the bot-check note 1280");
  });

  it("says 'Failed to load script' when the bot check cannot load, and sends nothing", async () => {
    standIn.scriptAvailable = false;
    const before = standIn.verified.length;
    const page = await open(site, "/contact", { width: 375, allowErrors: [/Failed to load resource/] });
    await fillForm(page, "general", "bo@example.com");
    await page.click(".contact-form button[type=submit]");
    await page.locator(".contact-form .form-errors", { hasText: "Failed to load script" }).waitFor();
    expect(page.url()).not.toContain("sent=1");
    expect(standIn.verified.length).toBe(before);
    await expectAxeClean(page, "contact captcha error 375");
  });

  it("says 'ReCaptcha error: Failed to execute' when the bot check gives no token, and sends nothing", async () => {
    standIn.scriptAvailable = true;
    standIn.executeFails = true;
    const before = standIn.verified.length;
    try {
      const page = await open(site, "/contact", { width: 1280 });
      await fillForm(page, "business", "cy@example.com");
      await page.click(".contact-form button[type=submit]");
      await page
        .locator(".contact-form .form-errors", { hasText: "ReCaptcha error: Failed to execute" })
        .waitFor();
      expect(page.url()).not.toContain("sent=1");
      expect(standIn.verified.length).toBe(before);
    } finally {
      standIn.executeFails = false;
    }
  });
});

describe("with nothing configured", { timeout: 120_000 }, () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("works without JavaScript on a phone: the office list, the errors, then the message arrives", async () => {
    const page = await open(site, "/fr/contact", { width: 375, javaScript: false });
    expect(await page.locator(".office-map").count()).toBe(0);
    expect(await page.locator(".office-list .office").count()).toBe(7);
    expect(await page.locator(".office__visit a").first().getAttribute("href")).toMatch(/openstreetmap\.org/);
    await newDocument(page, () => page.click(".contact-form button[type=submit]"));
    expect(await page.locator(".contact-form").textContent()).toContain("Ce champ est obligatoire");
    // (axe needs JavaScript in the page: the same markup is checked in the other tests.)
    await fillForm(page, "general", "lea@example.ca");
    await page.click(".contact-form button[type=submit]");
    await page.waitForURL(/\/fr\/contact\?sent=1#contact-form$/, { timeout: 20_000 });
    expect(await page.locator(".contact-sent").textContent()).toContain("Merci");
    await waitForMailFile(site, "contact-message", "hello@stormkettle.example");
    const ack = await waitForMailFile(site, "contact-acknowledgement", "lea@example.ca");
    expect(ack).toContain("Nous avons bien re");
  });

  it("validates in the browser with JavaScript, with the same texts", async () => {
    const page = await open(site, "/contact", { width: 1280 });
    await page.fill(field("email"), "not-an-address");
    await page.fill(field("message"), "Too short");
    await page.click(".contact-form button[type=submit]");
    const form = page.locator(".contact-form");
    await expect.poll(() => form.textContent()).toContain("Field must be a valid e-mail address.");
    expect(await form.textContent()).toContain("Field must have at least 20 characters.");
    expect(page.url()).not.toContain("sent=1");
    expect(await page.locator(".contact-form__captcha").count(), "no bot check, no line about it").toBe(0);
    await expectAxeClean(page, "contact errors 1280");
  });

  it("holds a form sent before its schema has loaded, then shows the browser's texts", async () => {
    const page = await open(site, "/contact", { width: 1280 });
    // From here on every script the page asks for is the form's schema and Zod (they load when
    // the form is first used): each waits until the test lets it through.
    let letThrough = () => {};
    const scriptsLetThrough = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const heldScripts: string[] = [];
    await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
      heldScripts.push(route.request().url());
      await scriptsLetThrough;
      await route.continue();
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.fill(field("email"), "not-an-address");
    await page.fill(field("message"), "Too short");
    await page.click(".contact-form button[type=submit]");
    await expect
      .poll(() => heldScripts.length, { message: "the schema loads on first use" })
      .toBeGreaterThan(0);
    const form = page.locator(".contact-form");
    expect(await form.textContent()).not.toContain("Field must be a valid e-mail address.");
    letThrough();
    await expect.poll(() => form.textContent()).toContain("Field must be a valid e-mail address.");
    expect(await form.textContent()).toContain("Field must have at least 20 characters.");
    expect(posts, "the form was checked in the browser, not sent").toEqual([]);
    expect(page.url()).not.toContain("sent=1");
  });
});
