import { describe, expect, it } from "vitest";
import {
  fieldMessages,
  LONG_FORM_FIELDS,
  type SummaryField,
  summaryAction,
  summaryItems,
} from "./error-summary";

const field = (id: string, allErrors: Record<string, string[]> = {}): SummaryField["field"] => ({
  id,
  allErrors,
  errors: allErrors[id],
});
const valid = (count: number): SummaryField[] =>
  Array.from({ length: count }, (_, i) => ({ field: field(`f-${i}`), label: `Field ${i}` }));

describe("summaryItems", () => {
  it("lists nothing on a short form: its messages are in view next to its fields", () => {
    const fields = [
      ...valid(LONG_FORM_FIELDS - 2),
      { field: field("f-name", { name: ["required"] }), label: "Name" },
    ];
    expect(fields).toHaveLength(LONG_FORM_FIELDS - 1);
    expect(summaryItems(fields)).toEqual([]);
  });

  it("lists the invalid fields of a long form, in order, linked by id", () => {
    const fields = [
      { field: field("f-name", { name: ["required"] }), label: "Name" },
      ...valid(LONG_FORM_FIELDS - 2),
      { field: field("f-email", { email: ["email"] }), label: "E-mail" },
    ];
    expect(summaryItems(fields)).toEqual([
      { href: "#f-name", label: "Name", messages: ["required"] },
      { href: "#f-email", label: "E-mail", messages: ["email"] },
    ]);
  });

  it("gives a group one entry with each message once", () => {
    const birth = field("f-birth", {
      "birth.month": ["required"],
      "birth.day": ["required"],
      "birth.year": ["required"],
    });
    expect(summaryItems([...valid(LONG_FORM_FIELDS - 1), { field: birth, label: "Date of birth" }])).toEqual([
      { href: "#f-birth", label: "Date of birth", messages: ["required"] },
    ]);
  });

  it("drops a label's closing question mark before the entry's colon", () => {
    const question = field("f-what", { what: ["required"] });
    expect(
      summaryItems([...valid(LONG_FORM_FIELDS - 1), { field: question, label: "Que s’est-il passé ?" }]),
    ).toEqual([{ href: "#f-what", label: "Que s’est-il passé", messages: ["required"] }]);
  });

  it("drops a sentence label's full stop before the entry's colon", () => {
    const consent = field("f-consent", { consent: ["required"] });
    expect(
      summaryItems([...valid(LONG_FORM_FIELDS - 1), { field: consent, label: "I agree to the terms." }]),
    ).toEqual([{ href: "#f-consent", label: "I agree to the terms", messages: ["required"] }]);
  });
});

describe("fieldMessages", () => {
  it("keeps distinct messages of the group and its parts, in order", () => {
    expect(
      fieldMessages({
        allErrors: { birth: ["invalidDate"], "birth.year": ["required", "invalidDate"] },
        errors: ["invalidDate"],
      }),
    ).toEqual(["invalidDate", "required"]);
    expect(fieldMessages({ allErrors: {}, errors: undefined })).toEqual([]);
  });

  it("gives the field's own messages when Conform cannot read the other keys of a hand-made post", () => {
    const unreadable = {
      get allErrors(): Record<string, string[]> {
        throw new Error('Invalid path segment "constructor"');
      },
      errors: ["required"],
    };
    expect(fieldMessages(unreadable)).toEqual(["required"]);
  });
});

describe("summaryAction", () => {
  it("sends the form to its address with the summary as fragment, replacing any other", () => {
    expect(summaryAction("/fr/contact", "contact-error")).toBe("/fr/contact#contact-error");
    expect(summaryAction("/careers/12?team=art#apply", "job-application-error")).toBe(
      "/careers/12?team=art#job-application-error",
    );
  });
});
