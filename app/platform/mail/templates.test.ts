import { describe, expect, it } from "vitest";
import en from "../i18n/locales/en/mail.json";
import es from "../i18n/locales/es/mail.json";
import fr from "../i18n/locales/fr/mail.json";
import { defineEmailTemplate } from "./templates.server";

const confirm = defineEmailTemplate("confirm", (props: { name: string; url: string }, { t }) => ({
  subject: `${t("common:error.home")} / ${props.name}`,
  heading: props.name,
  paragraphs: ["First paragraph.", "Second paragraph."],
  details: [{ label: "Location", value: "Quebec" }],
  action: { label: "Manage", url: props.url },
  reason: "You asked for this alert.",
}));

const audience = { to: "ada@example.com", studioName: "Lumen Forge", siteUrl: "https://lumenforge.test/" };

describe("defineEmailTemplate", () => {
  it("renders the branded HTML and a readable plain-text part", async () => {
    const email = await confirm.compose(
      { ...audience, lang: "en" },
      { name: "Ada", url: "https://lumenforge.test/m/1" },
    );
    expect(email).toMatchObject({ kind: "confirm", to: "ada@example.com", subject: "Go to Homepage / Ada" });
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toMatch(/<html dir="ltr" lang="en">/);
    expect(email.html).toContain(">Lumen Forge</a>");
    expect(email.html).toContain('href="https://lumenforge.test/m/1"');
    expect(email.html).toContain("https://lumenforge.test/privacy");
    expect(email.html).toContain(en.layout.buttonFallback);
    expect(email.text).toBe(
      [
        "LUMEN FORGE",
        "Ada",
        "First paragraph.",
        "Second paragraph.",
        "Location: Quebec",
        "Manage:\nhttps://lumenforge.test/m/1",
        "— The Lumen Forge team",
        "--\nYou asked for this alert.\nSent by Lumen Forge. https://lumenforge.test/\nPrivacy policy: https://lumenforge.test/privacy\n",
      ].join("\n\n"),
    );
  });

  it.each([
    ["fr", "fr-CA", fr, "https://lumenforge.test/fr/privacy"],
    ["es", "es", es, "https://lumenforge.test/es/privacy"],
  ] as const)("renders the layout in %s", async (lang, tag, strings, privacyUrl) => {
    const email = await confirm.compose(
      { ...audience, lang },
      { name: "Ada", url: "https://lumenforge.test/m/1" },
    );
    expect(email.html).toContain(`<html dir="ltr" lang="${tag}">`);
    expect(email.html).toContain(strings.layout.privacy);
    expect(email.html).toContain(privacyUrl);
    expect(email.text).toContain(strings.layout.signOff.replace("{{studio}}", "Lumen Forge"));
    expect(email.text).toContain(strings.layout.sentBy.replace("{{studio}}", "Lumen Forge"));
    expect(email.text).not.toContain(en.layout.privacy);
  });

  it("escapes what visitors typed in the HTML part", async () => {
    const email = await confirm.compose(
      { ...audience, lang: "en" },
      { name: '<img src=x onerror="alert(1)">', url: "https://lumenforge.test/m/1" },
    );
    expect(email.html).not.toContain("<img src=x");
    expect(email.html).toContain("&lt;img src=x");
  });

  it("passes extra headers through to the outbox", async () => {
    const email = await confirm.compose(
      { ...audience, lang: "en" },
      { name: "Ada", url: "https://lumenforge.test/m/1" },
      { "List-Unsubscribe": "<https://lumenforge.test/m/1>" },
    );
    expect(email.headers).toEqual({ "List-Unsubscribe": "<https://lumenforge.test/m/1>" });
  });
});

describe("mail catalogs", () => {
  it("have the same keys in every language", () => {
    const keys = (catalog: object) => JSON.stringify(Object.keys((catalog as typeof en).layout).sort());
    expect(keys(fr)).toBe(keys(en));
    expect(keys(es)).toBe(keys(en));
  });
});
