import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadAllLanguages } from "~/platform/i18n/catalogs";
import { createI18n } from "~/platform/i18n/i18next.server";
import { decodeMessage, encodeMessage, formMessage, translateMessage } from "./messages";
import { validateForm } from "./validate";

const resources = await loadAllLanguages();
const t = (lang: "en" | "fr" | "es") => createI18n(lang, resources).t;

describe("message keys", () => {
  it("round-trips a key and its parameters", () => {
    const message = formMessage("minLength", { min: 3 });
    expect(message).toBe('forms:validation.minLength|{"min":3}');
    expect(decodeMessage(message)).toEqual({ key: "forms:validation.minLength", params: { min: 3 } });
    expect(encodeMessage("alerts:nameTaken")).toBe("alerts:nameTaken");
  });

  it("leaves a plain text with a bar alone", () => {
    expect(decodeMessage("a | b")).toEqual({ key: "a | b", params: {} });
  });
});

describe("the texts of docs/requirements.md#validation-messages, in English exactly", () => {
  const en = t("en");
  it.each([
    [formMessage("required"), "Field is required"],
    [formMessage("email"), "Field must be a valid e-mail address."],
    [formMessage("alphanumeric"), "Field accepts only alphanumeric values"],
    [formMessage("minLength", { min: 3 }), "Field must have at least 3 characters."],
    [formMessage("maxLength", { max: 80 }), "Field must have at most 80 characters."],
    [
      formMessage("password"),
      "Password must be at least 8 characters in length, one uppercase, one lowercase and one digit",
    ],
    [formMessage("passwordMismatch"), "Password must be identical"],
    [formMessage("fileType"), "File type is not supported."],
    [formMessage("fileSize"), "File is to large."],
    [formMessage("fileLimit", { limit: 1, size: 5 }), "File limit (1) or max 5 MB files size error."],
  ])("%s → %s", (message, text) => {
    expect(translateMessage(en, message)).toBe(text);
  });

  it("translates in Quebec French and Spanish", () => {
    expect(translateMessage(t("fr"), formMessage("email"))).toBe(
      "Le champ doit contenir une adresse courriel valide.",
    );
    expect(translateMessage(t("es"), formMessage("minLength", { min: 3 }))).toBe(
      "El campo debe tener al menos 3 caracteres.",
    );
  });

  it("writes numbers the local way", () => {
    expect(translateMessage(t("fr"), formMessage("fileLimit", { limit: 2, size: 0.1 }))).toBe(
      "Limite de fichiers (2) ou taille maximale de 0,1 Mo dépassée.",
    );
    expect(translateMessage(t("en"), formMessage("fileLimit", { limit: 2, size: 0.1 }))).toBe(
      "File limit (2) or max 0.1 MB files size error.",
    );
  });

  it("shows a text that is not a key as it is", () => {
    expect(translateMessage(t("en"), "Email in use")).toBe("Email in use");
  });
});

describe("formErrorMap", () => {
  it("gives feature schemas without their own messages the kit's texts", () => {
    const schema = z.object({
      name: z.string().min(2).max(4),
      contact: z.email(),
      teams: z.array(z.string()).min(1),
      level: z.enum(["junior", "senior"]),
    });
    const formData = new FormData();
    formData.set("name", "abcde");
    formData.set("contact", "nope");
    formData.set("level", "boss");
    const submission = validateForm(formData, schema);
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      name: [formMessage("maxLength", { max: 4 })],
      contact: [formMessage("email")],
      teams: [formMessage("required")],
      level: [formMessage("invalidOption")],
    });
    formData.set("name", "a");
    const again = validateForm(formData, schema);
    expect(again.status === "error" && again.error?.name).toEqual([formMessage("minLength", { min: 2 })]);
  });

  it("never lets Zod's English texts through", () => {
    const schema = z.object({ age: z.number().int().min(18), code: z.string().regex(/^[A-Z]{3}$/) });
    const formData = new FormData();
    formData.set("age", "abc");
    formData.set("code", "ab");
    const submission = validateForm(formData, schema);
    expect(submission.status === "error" && submission.error).toEqual({
      age: [formMessage("invalid")],
      code: [formMessage("invalid")],
    });
    formData.set("age", "12");
    const young = validateForm(formData, schema);
    expect(young.status === "error" && young.error?.age).toEqual([formMessage("invalid")]);
  });
});
