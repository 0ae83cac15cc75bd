import { describe, expect, it } from "vitest";
import { languages, languageTags } from "~/platform/i18n/languages";
import { type SecurityChange, securityNotices } from "./account-emails.server";

const changes = Object.keys(securityNotices) as SecurityChange[];
const at = new Date(Date.UTC(2026, 10, 24, 9, 5));
const site = "https://studio.example";
const props = (lang: string) => ({
  username: "ada_l",
  at,
  forgotUrl: `${site}/${lang}/account/forgot`,
  contactUrl: `${site}/${lang}/contact`,
});

describe("security notices", () => {
  it("exist for every change, in every language, as HTML and text saying what, when and what to do", async () => {
    expect(changes.length).toBeGreaterThan(0);
    for (const lang of languages) {
      const subjects = new Set<string>();
      for (const change of changes) {
        const mail = await securityNotices[change].compose(
          { to: "ada@example.com", lang, studioName: "Lumen Forge", siteUrl: site },
          props(lang),
        );
        const label = `${change} (${lang})`;
        expect(mail.kind, label).toBe(`account-notice-${change}`);
        subjects.add(mail.subject);
        // The moment, in the recipient's language and in UTC.
        const when = new Intl.DateTimeFormat(languageTags[lang], {
          dateStyle: "long",
          timeStyle: "short",
          timeZone: "UTC",
        }).format(at);
        for (const part of [mail.text, mail.html]) {
          expect(part, label).toContain(when);
          expect(part, label).toContain(props(lang).forgotUrl);
          expect(part, label).toContain(props(lang).contactUrl);
          expect(part, label).not.toMatch(/account:email|email\.notice\./);
        }
        expect(mail.html, label).toContain(`href="${props(lang).forgotUrl}"`);
      }
      // Each change says what it is.
      expect(subjects.size, lang).toBe(changes.length);
    }
  });

  it("are written in the recipient's language", async () => {
    const texts = await Promise.all(
      languages.map((lang) =>
        securityNotices["password-changed"].compose(
          { to: "ada@example.com", lang, studioName: "Lumen Forge", siteUrl: site },
          props(lang),
        ),
      ),
    );
    expect(new Set(texts.map((mail) => mail.subject)).size).toBe(languages.length);
    expect(new Set(texts.map((mail) => mail.text.split("\n\n")[2])).size).toBe(languages.length);
  });
});
