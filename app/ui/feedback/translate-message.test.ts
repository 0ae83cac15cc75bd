import type { i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { loadAllLanguages } from "~/platform/i18n/catalogs";
import { createI18n } from "~/platform/i18n/i18next.server";
import { languages } from "~/platform/i18n/languages";
import { translateMessage } from "./translate-message";

let en: I18n;
let fr: I18n;
let es: I18n;

beforeAll(async () => {
  const resources = await loadAllLanguages();
  en = createI18n("en", resources);
  fr = createI18n("fr", resources);
  es = createI18n("es", resources);
});

describe("translateMessage", () => {
  it("uses the catalogue text under msg. for a service code (exact English of docs/requirements.md#service-error-codes)", () => {
    expect(translateMessage(en, "EMAIL_IN_USE")).toBe("Email in use");
    expect(translateMessage(en, "INCORRECT_PASSWORD")).toBe("Password validation failed");
    expect(translateMessage(en, "SERVICE_TEMPORARILY_UNAVAILABLE")).toBe("Try again later");
  });

  it("translates codes in the visitor's language", () => {
    expect(translateMessage(fr, "EMAIL_IN_USE")).toBe("Courriel déjà utilisé");
    expect(translateMessage(es, "TOO_MANY_REQUESTS")).toMatch(/Demasiados intentos/);
  });

  it("falls back to the message's own translation when there is no msg. key", () => {
    expect(translateMessage(en, "forms:validation.required")).toBe("Field is required");
    expect(translateMessage(fr, "consent:banner.reject")).toBe("Tout refuser");
  });

  it("passes encoded parameters to the translation", () => {
    expect(translateMessage(en, 'forms:validation.minLength|{"min":3}')).toBe(
      "Field must have at least 3 characters.",
    );
    expect(translateMessage(fr, 'forms:validation.minLength|{"min":3}')).toBe(
      "Le champ doit contenir au moins 3 caractères.",
    );
  });

  it("shows a message that is no key at all as it came", () => {
    expect(translateMessage(en, "No API endpoint GET /api/nope")).toBe("No API endpoint GET /api/nope");
    expect(translateMessage(en, "route: Invalid input")).toBe("route: Invalid input");
    expect(translateMessage(en, "Field must have at least 8 characters.")).toBe(
      "Field must have at least 8 characters.",
    );
    expect(translateMessage(en, "SOME_FUTURE_CODE")).toBe("SOME_FUTURE_CODE");
  });

  it("never renders a catalog section as text", () => {
    expect(translateMessage(en, "error")).toBe("error");
    expect(translateMessage(en, "msg")).toBe("msg");
  });

  it("has every code in every language, with the foundation's own codes", () => {
    const codes = [
      "TOO_MANY_REQUESTS",
      "INTERNAL_SERVER_ERROR",
      "INVALID_PARAMETERS",
      "MISSING_POST_BODY",
      "REQUEST_EXCEEDS_LIMIT",
      "NETWORK_ERROR",
      "NOT_FOUND",
      "ANALYTICS_CONSENT_REQUIRED",
      "COOKIE_INVALID",
    ];
    for (const instance of [en, fr, es]) {
      for (const code of codes) expect(instance.exists(`messages:msg.${code}`), code).toBe(true);
    }
    expect(languages).toEqual(["en", "fr", "es"]);
  });
});
