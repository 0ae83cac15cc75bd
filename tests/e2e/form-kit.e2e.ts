import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormKitFixture, startFormKitFixture } from "./fixtures/form-kit/server";
import { expectAxeClean, newDocument, openBrowser, openPage } from "./support/harness";
import { holdScripts } from "./support/held-scripts";

/**
 * The form kit in a real browser, mounted on a fixture page (tests/e2e/fixtures/form-kit)
 * until feature forms exist: the same errors with and without JavaScript, keyboard use, the
 * dialog's focus handling and fade, uploads with progress, and axe at both widths.
 */

let fixture: FormKitFixture;
let browser: Browser;

beforeAll(async () => {
  [fixture, browser] = await Promise.all([startFormKitFixture(), openBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await fixture?.stop();
});

const byId = (id: string) => `[id="${id}"]`;

async function openKit(
  options: { javaScript?: boolean; width?: number; path?: string; allowErrors?: RegExp[] } = {},
): Promise<Page> {
  const { page } = await openPage(browser, options);
  await page.goto(fixture.url + (options.path ?? "/"));
  if (options.javaScript !== false) await page.waitForSelector("html[data-hydrated]");
  return page;
}

const text = (page: Page, id: string) => page.locator(byId(id)).textContent();

/** Everything valid, typed as a visitor would (the multi-select opened first when enhanced). */
async function fillValid(page: Page, { enhanced }: { enhanced: boolean }) {
  await page.fill(byId("kit-name"), "Léa Tremblay");
  await page.fill(byId("kit-email"), "lea@studio.example");
  await page.check(byId("kit-nda"));
  await page.check(byId("kit-level-1"));
  await page.selectOption(byId("kit-office"), "quebec");
  if (enhanced) await page.click(".multiselect__toggle");
  await page.check(byId("kit-teams-0"));
  await page.check(byId("kit-teams-2"));
  await page.selectOption(byId("kit-birth.month"), "4");
  await page.selectOption(byId("kit-birth.day"), "30");
  await page.selectOption(byId("kit-birth.year"), "1990");
  await page.selectOption(byId("kit-phone.country"), "CA");
  await page.fill(byId("kit-phone.number"), "418 555 0134");
}

async function acceptedValues(page: Page): Promise<Record<string, unknown>> {
  await page.waitForSelector("#accepted");
  return JSON.parse((await page.locator("#accepted").textContent()) ?? "null");
}

describe("without JavaScript", () => {
  it("the server answers with each field's error, beside the field, and keeps what was typed", async () => {
    const page = await openKit({ javaScript: false });
    await page.fill(byId("kit-name"), "L");
    await page.fill(byId("kit-email"), "lea@");
    await newDocument(page, () => page.click("button[type=submit]"));

    expect(await text(page, "kit-name-error")).toBe("Field must have at least 2 characters.");
    expect(await text(page, "kit-email-error")).toBe("Field must be a valid e-mail address.");
    expect(await text(page, "kit-nda-error")).toBe("Field is required");
    expect(await text(page, "kit-level-error")).toBe("Field is required");
    expect(await text(page, "kit-teams-error")).toBe("Field is required");
    expect(await text(page, "kit-birth-error")).toContain("Field is required");
    expect(await page.getAttribute(byId("kit-name"), "aria-invalid")).toBe("true");
    expect(await page.getAttribute(byId("kit-name"), "aria-describedby")).toBe(
      "kit-name-error kit-name-description",
    );
    expect(await page.inputValue(byId("kit-name"))).toBe("L");
    expect(await page.inputValue(byId("kit-email"))).toBe("lea@");
    // Red border on the invalid control, red asterisk on the label.
    const danger = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-danger").trim(),
    );
    expect(danger).toBe("#ff7a7a");
    expect(await page.$eval(byId("kit-name"), (el) => getComputedStyle(el).borderTopColor)).toBe(
      "rgb(255, 122, 122)",
    );
    expect(await page.$eval(".field__required", (el) => getComputedStyle(el).color)).toBe(
      "rgb(255, 122, 122)",
    );
  });

  it("speaks the visitor's language", async () => {
    const page = await openKit({ javaScript: false, path: "/?lang=fr" });
    await newDocument(page, () => page.click("button[type=submit]"));
    expect(await text(page, "kit-name-error")).toBe("Ce champ est obligatoire");
    expect(await page.getAttribute("html", "lang")).toBe("fr-CA");
  });

  it("accepts a valid form, with a plain file input and the multi-select as checkboxes", async () => {
    const page = await openKit({ javaScript: false });
    expect(await page.locator(".multiselect__toggle").count()).toBe(0);
    await fillValid(page, { enhanced: false });
    await page.setInputFiles(byId("kit-files"), {
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    await page.click("button[type=submit]");
    const values = await acceptedValues(page);
    expect(values).toMatchObject({
      name: "Léa Tremblay",
      nda: true,
      teams: ["art", "design"],
      birth: "1990-04-30",
      phone: "+14185550134",
      files: ["notes.txt (5 B)"],
    });
  });

  it("shows a dialog the server rendered open, with a way out", async () => {
    const page = await openKit({ javaScript: false, path: "/?dialog" });
    expect(await page.isVisible("dialog")).toBe(true);
    expect(await page.getAttribute("dialog a.dialog__close", "href")).toBe("/?lang=en");
  });
});

describe("with JavaScript", () => {
  it("shows the same texts in the browser on sending, and clears them as fields are corrected", async () => {
    const page = await openKit();
    await page.fill(byId("kit-name"), "L");
    // Leaving a field says nothing yet: a message appearing then would move the page under the pointer.
    await page.press(byId("kit-name"), "Tab");
    expect(await text(page, "kit-name-error")).toBe("");
    await page.click("button[type=submit]");
    await expect.poll(() => text(page, "kit-name-error")).toBe("Field must have at least 2 characters.");
    expect(await page.getAttribute(byId("kit-name"), "aria-invalid")).toBe("true");
    await page.type(byId("kit-name"), "éa");
    await expect.poll(() => text(page, "kit-name-error")).toBe("");
    expect(await page.getAttribute(byId("kit-name"), "aria-invalid")).toBeNull();
    await page.check(byId("kit-nda"));
    await expect.poll(() => text(page, "kit-nda-error")).toBe("");
  });

  it("refuses to send an invalid form and moves focus to the first invalid field", async () => {
    const page = await openKit();
    await page.fill(byId("kit-name"), "Léa");
    await page.click("button[type=submit]");
    await expect.poll(() => text(page, "kit-email-error")).toBe("Field is required");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("kit-email");
    expect(await text(page, "kit-nda-error")).toBe("Field is required");
    expect(await page.locator("#accepted").count()).toBe(0);
  });

  it("submits a valid form with uploaded file ids and an E.164 phone number", async () => {
    const page = await openKit();
    await fillValid(page, { enhanced: true });
    await page.keyboard.press("Escape");
    await page.setInputFiles(byId("kit-files"), {
      name: "cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4 test"),
    });
    await page.waitForSelector('.upload-item[data-status="done"]');
    await page.click("button[type=submit]");
    const values = await acceptedValues(page);
    const uploaded = fixture.uploads.find((upload) => upload.name === "cv.pdf");
    expect(values).toMatchObject({ phone: "+14185550134", birth: "1990-04-30", files: [uploaded?.id] });
  });

  it("keeps the multi-select's choices ticked before its scripts ran, and sums them up", async () => {
    const { page } = await openPage(browser, { width: 375 });
    const held = await holdScripts(page, /\/client\.tsx$/);
    // Not a later event: the page's one script, held, is a module that delays them all.
    await page.goto(`${fixture.url}/`, { waitUntil: "commit" });
    // Before the scripts the list is a fieldset of checkboxes.
    await page.check(byId("kit-teams-0"));
    await page.check(byId("kit-teams-2"));
    await held.release();
    await page.waitForSelector("html[data-hydrated]");
    const toggle = page.locator(".multiselect__toggle");
    expect(await toggle.textContent()).toBe("Art, Design");
    await toggle.click();
    expect(await page.isChecked(byId("kit-teams-0"))).toBe(true);
    expect(await page.isChecked(byId("kit-teams-2"))).toBe(true);
  });

  it("tidies a phone number typed with its country code", async () => {
    const page = await openKit();
    await page.selectOption(byId("kit-phone.country"), "FR");
    await page.fill(byId("kit-phone.number"), "+1 418 555 0134");
    await page.press(byId("kit-phone.number"), "Tab");
    // Tidied once the numbering plans have loaded (on the field's first focus).
    await expect.poll(() => page.inputValue(byId("kit-phone.number"))).toBe("(418) 555-0134");
    expect(await page.inputValue(byId("kit-phone.country"))).toBe("CA");
    await page.selectOption(byId("kit-phone.country"), "BE");
    await page.fill(byId("kit-phone.number"), "0471123456");
    await page.press(byId("kit-phone.number"), "Tab");
    await expect.poll(() => page.inputValue(byId("kit-phone.number"))).toBe("0471 12 34 56");
  });
});

describe("keyboard", () => {
  it("reaches every control in reading order", async () => {
    const page = await openKit();
    const seen: string[] = [];
    await page.focus(byId("kit-name"));
    for (let i = 0; i < 16; i++) {
      seen.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return el.id || el.getAttribute("aria-controls") || el.textContent?.trim() || el.tagName;
        }),
      );
      await page.keyboard.press("Tab");
    }
    expect(seen).toEqual([
      "kit-name",
      "kit-email",
      "kit-message",
      "kit-nda",
      "kit-level-0",
      "kit-office",
      "kit-teams-options",
      "kit-birth.month",
      "kit-birth.day",
      "kit-birth.year",
      "kit-phone.country",
      "kit-phone.number",
      "kit-files",
      "Send",
      "open-dialog",
      expect.any(String),
    ]);
  });

  it("toggles the switch with Space and moves between radios with the arrows", async () => {
    const page = await openKit();
    await page.focus(byId("kit-nda"));
    await page.keyboard.press("Space");
    expect(await page.isChecked(byId("kit-nda"))).toBe(true);
    await page.keyboard.press("Space");
    expect(await page.isChecked(byId("kit-nda"))).toBe(false);
    await page.focus(byId("kit-level-0"));
    await page.keyboard.press("Space");
    expect(await page.isChecked(byId("kit-level-0"))).toBe(true);
    await page.keyboard.press("ArrowRight");
    expect(await page.isChecked(byId("kit-level-1"))).toBe(true);
    expect(await page.isChecked(byId("kit-level-0"))).toBe(false);
  });

  it("opens the multi-select, shows a count past three choices, and closes on Escape", async () => {
    const page = await openKit();
    const toggle = page.locator(".multiselect__toggle");
    expect(await toggle.textContent()).toBe("None selected");
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    for (const index of [0, 1, 2]) await page.check(byId(`kit-teams-${index}`));
    expect(await toggle.textContent()).toBe("Art, Audio, Design");
    await page.check(byId("kit-teams-4"));
    expect(await toggle.textContent()).toBe("4 selected");
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.isVisible(byId("kit-teams-options"))).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("multiselect__toggle"))).toBe(
      true,
    );
  });
});

describe("dialog", () => {
  const isModal = (page: Page) => page.$eval("dialog", (d) => d.matches(":modal"));
  // Animations are recorded as they start, so a short fade that ends before the test looks is
  // still seen (and one that never starts is not).
  const recordAnimations = (page: Page) =>
    page.$eval("dialog", (d) => {
      const w = window as unknown as { started: string[] };
      w.started = [];
      d.addEventListener("animationstart", (e) => w.started.push(e.animationName));
    });
  const startedAnimations = (page: Page) =>
    page.evaluate(() => (window as unknown as { started: string[] }).started);

  it("opens with a fade, keeps focus inside, closes on Escape and gives focus back", async () => {
    const page = await openKit();
    await recordAnimations(page);
    await page.click("#open-dialog");
    expect(await isModal(page)).toBe(true);
    await expect.poll(() => startedAnimations(page)).toContain("dialog-fade-in");
    expect(await page.getAttribute("dialog", "aria-modal")).toBe("true");
    const label = await page.$eval(
      "dialog",
      (d) => document.getElementById(d.getAttribute("aria-labelledby") ?? "")?.textContent,
    );
    expect(label).toBe("Remove this alert?");
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.$eval("dialog", (d) => d.open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("open-dialog");
  });

  it("fades out before closing, and closes from its buttons and its backdrop", async () => {
    const page = await openKit();
    await recordAnimations(page);
    await page.click("#open-dialog");
    await page.click("dialog .button--ghost");
    await expect.poll(() => page.$eval("dialog", (d) => d.open)).toBe(false);
    expect(await startedAnimations(page)).toContain("dialog-fade-out");
    await page.click("#open-dialog");
    await page.mouse.click(5, 5);
    await expect.poll(() => page.$eval("dialog", (d) => d.open)).toBe(false);
  });

  it("does not fade for visitors who prefer reduced motion", async () => {
    const page = await openKit();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await recordAnimations(page);
    await page.click("#open-dialog");
    expect(await isModal(page)).toBe(true);
    // The style is worked out as it is asked for: any animation the open dialog runs is listed.
    expect(await page.$eval("dialog", (d) => d.getAnimations({ subtree: true }).length)).toBe(0);
    expect(await startedAnimations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    expect(await page.$eval("dialog", (d) => d.open)).toBe(false);
  });

  it("turns a dialog the server rendered open into a real modal", async () => {
    const page = await openKit({ path: "/?dialog" });
    expect(await isModal(page)).toBe(true);
    expect(await page.locator("dialog button.dialog__close").count()).toBe(1);
  });
});

describe("uploads", () => {
  const png = (name: string, bytes = 2048) => ({
    name,
    mimeType: "image/png",
    buffer: Buffer.alloc(bytes, 1),
  });

  it("sends a file with progress, shows its state, cuts its name to 20 characters and lets it be removed", async () => {
    const page = await openKit();
    // Every state the item shows is recorded as the page shows it, however short it lasts.
    await page.evaluate(() => {
      const w = window as unknown as { states: { status: string | null; text: string; progress: boolean }[] };
      w.states = [];
      new MutationObserver(() => {
        const item = document.querySelector(".upload-item");
        if (!item) return;
        const state = {
          status: item.getAttribute("data-status"),
          text: item.querySelector(".upload-item__status")?.textContent ?? "",
          progress: item.querySelector("progress") !== null,
        };
        const last = w.states.at(-1);
        if (last?.status !== state.status || last.text !== state.text) w.states.push(state);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.setInputFiles(byId("kit-files"), png("showreel-final-version-2.png"));
    const item = page.locator(".upload-item").first();
    await page.locator('.upload-item[data-status="done"]').waitFor();
    const states = await page.evaluate(
      () => (window as unknown as { states: { status: string; text: string; progress: boolean }[] }).states,
    );
    expect(states.map((state) => state.status).filter((status, i, all) => status !== all[i - 1])).toEqual([
      "loading",
      "success",
      "done",
    ]);
    expect(states.find((state) => state.status === "loading")?.progress).toBe(true);
    expect(states.filter((state) => state.status !== "loading").map((state) => state.text)).toEqual([
      "Uploaded",
      "Ready to send",
    ]);
    const name = await item.locator(".upload-item__name").textContent();
    expect(name).toBe("showreel-final-….png");
    expect([...(name ?? "")]).toHaveLength(20);
    const stored = fixture.uploads.find((upload) => upload.name === "showreel-final-version-2.png");
    expect(await page.inputValue('input[type=hidden][name="files"]')).toBe(stored?.id);

    const deleted = page.waitForResponse((res) => res.request().method() === "DELETE");
    await page.click('button[aria-label="Remove showreel-final-version-2.png"]');
    expect(await page.locator(".upload-item").count()).toBe(0);
    expect(await page.locator('input[type=hidden][name="files"]').count()).toBe(0);
    await deleted;
    expect(fixture.deleted).toContain(stored?.id);
  });

  it("flags type and size before sending, and the count and total limits", async () => {
    const page = await openKit();
    const before = fixture.uploads.length;
    await page.setInputFiles(byId("kit-files"), {
      name: "setup.exe",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("MZ"),
    });
    await page.setInputFiles(byId("kit-files"), png("huge.png", 150 * 1024));
    const errors = page.locator(".upload-item--error .upload-item__error");
    await expect
      .poll(() => errors.allTextContents())
      .toEqual(["File type is not supported.", "File is to large."]);
    expect(fixture.uploads.length).toBe(before);

    await page.setInputFiles(byId("kit-files"), [png("one.png"), png("two.png"), png("three.png")]);
    expect(await text(page, "kit-files-error")).toBe("File limit (2) or max 0.1 MB files size error.");
    expect(fixture.uploads.length).toBe(before);
  });

  it("shows the store's refusal in the visitor's language", async () => {
    // The browser reports the refused request itself; that line is expected here.
    const page = await openKit({ path: "/?lang=fr", allowErrors: [/status of 415/] });
    await page.setInputFiles(byId("kit-files"), png("refuse-this.png"));
    const item = page.locator(".upload-item").first();
    await page.locator('.upload-item[data-status="error"]').waitFor();
    expect(await item.locator(".upload-item__error").textContent()).toBe(
      "Ce type de fichier n’est pas pris en charge.",
    );
  });
});

describe("accessibility", () => {
  for (const width of [375, 1280]) {
    it(`is axe clean at ${width}px with errors shown, uploads listed and the dialog open`, async () => {
      const page = await openKit({ width });
      await page.click("button[type=submit]");
      await expect.poll(() => text(page, "kit-name-error")).toBe("Field is required");
      await page.setInputFiles(byId("kit-files"), {
        name: "setup.exe",
        mimeType: "application/octet-stream",
        buffer: Buffer.from("MZ"),
      });
      await page.click(".multiselect__toggle");
      await expectAxeClean(page, `form kit at ${width}px`);
      await page.keyboard.press("Escape");
      await page.click("#open-dialog");
      await expectAxeClean(page, `dialog at ${width}px`);
    });
  }
});
