import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { birthYears, firstBirthYear } from "./birth-years";
import { dateOfBirth, isRealDate } from "./date-of-birth";
import {
  alphanumeric,
  checkedBox,
  choice,
  choices,
  email,
  optionalString,
  password,
  passwordConfirmation,
  requiredString,
} from "./fields";
import { formMessage } from "./messages";
import { phoneE164 } from "./phone";
import { normalizePhone } from "./phone-numbers";
import { validateForm } from "./validate";

/** Posts `entries` as a form would and returns the field errors or the parsed value. */
function submit<S extends z.ZodType>(schema: S, entries: [string, string][]) {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  const submission = validateForm(formData, schema);
  return submission.status === "success"
    ? { value: submission.value, errors: undefined }
    : { value: undefined, errors: submission.error };
}

const required = formMessage("required");
const year = new Date().getFullYear();

describe("requiredString", () => {
  const schema = z.object({ name: requiredString(10, { min: 3 }) });

  it("says 'Field is required' for a missing, empty or blank value", () => {
    expect(submit(schema, []).errors).toEqual({ name: [required] });
    expect(submit(schema, [["name", ""]]).errors).toEqual({ name: [required] });
    expect(submit(schema, [["name", "   "]]).errors).toEqual({ name: [required] });
  });

  it("enforces the minimum and maximum with their counts", () => {
    expect(submit(schema, [["name", "ab"]]).errors).toEqual({ name: [formMessage("minLength", { min: 3 })] });
    expect(submit(schema, [["name", "abc"]]).value).toEqual({ name: "abc" });
    expect(submit(schema, [["name", "a".repeat(10)]]).value).toEqual({ name: "a".repeat(10) });
    expect(submit(schema, [["name", "a".repeat(11)]]).errors).toEqual({
      name: [formMessage("maxLength", { max: 10 })],
    });
  });

  it("trims what it keeps", () => {
    expect(submit(schema, [["name", "  Léa  "]]).value).toEqual({ name: "Léa" });
  });
});

describe("optionalString", () => {
  const schema = z.object({ note: optionalString(5) });
  it("turns empty into undefined and still caps the length", () => {
    expect(submit(schema, [["note", ""]]).value).toEqual({ note: undefined });
    expect(submit(schema, [["note", "hello"]]).value).toEqual({ note: "hello" });
    expect(submit(schema, [["note", "hello!"]]).errors).toEqual({
      note: [formMessage("maxLength", { max: 5 })],
    });
  });
});

describe("email", () => {
  const schema = z.object({ email: email() });
  it("accepts an address and trims it", () => {
    expect(submit(schema, [["email", " lea@studio.example "]]).value).toEqual({
      email: "lea@studio.example",
    });
  });
  it.each(["lea", "lea@", "@studio.example", "lea@studio", "lea @studio.example"])("refuses %j", (value) => {
    expect(submit(schema, [["email", value]]).errors).toEqual({ email: [formMessage("email")] });
  });
  it("requires a value", () => {
    expect(submit(schema, [["email", ""]]).errors).toEqual({ email: [required] });
  });
  it("caps the length at 254", () => {
    const long = `${"a".repeat(64)}@${"b".repeat(200)}.example`;
    expect(submit(schema, [["email", long]]).errors?.email).toContain(formMessage("maxLength", { max: 254 }));
  });
});

describe("alphanumeric", () => {
  const schema = z.object({ handle: alphanumeric(12) });
  it("accepts letters of any script and digits", () => {
    expect(submit(schema, [["handle", "Élodie42"]]).value).toEqual({ handle: "Élodie42" });
  });
  it.each(["with space", "dash-ed", "under_score", "emoji🙂", "semi;colon"])("refuses %j", (value) => {
    expect(submit(schema, [["handle", value]]).errors).toEqual({ handle: [formMessage("alphanumeric")] });
  });
});

describe("password", () => {
  const schema = z.object({ password: password() });
  const rule = formMessage("password");

  it("accepts 8 characters with an uppercase, a lowercase and a digit", () => {
    expect(submit(schema, [["password", "Abcdefg1"]]).value).toEqual({ password: "Abcdefg1" });
  });
  it.each([
    ["7 characters", "Abcdef1"],
    ["no uppercase", "abcdefg1"],
    ["no lowercase", "ABCDEFG1"],
    ["no digit", "Abcdefgh"],
  ])("refuses %s with the one rule text", (_, value) => {
    expect(submit(schema, [["password", value]]).errors).toEqual({ password: [rule] });
  });
  it("keeps spaces (never trims a password)", () => {
    expect(submit(schema, [["password", " Abcdef1 "]]).value).toEqual({ password: " Abcdef1 " });
  });
  it("requires a value", () => {
    expect(submit(schema, [["password", ""]]).errors).toEqual({ password: [required] });
  });
});

describe("passwordConfirmation", () => {
  const schema = z
    .object({ password: password(), confirmPassword: z.string() })
    .check(passwordConfirmation());
  it("puts 'Password must be identical' on the confirmation", () => {
    expect(
      submit(schema, [
        ["password", "Abcdefg1"],
        ["confirmPassword", "Abcdefg2"],
      ]).errors,
    ).toEqual({ confirmPassword: [formMessage("passwordMismatch")] });
  });
  it("passes when both match", () => {
    expect(
      submit(schema, [
        ["password", "Abcdefg1"],
        ["confirmPassword", "Abcdefg1"],
      ]).value,
    ).toEqual({ password: "Abcdefg1", confirmPassword: "Abcdefg1" });
  });
});

describe("checkedBox", () => {
  const schema = z.object({ nda: checkedBox() });
  it("is 'Field is required' until ticked", () => {
    expect(submit(schema, []).errors).toEqual({ nda: [required] });
    expect(submit(schema, [["nda", "on"]]).value).toEqual({ nda: true });
  });
  it("also validates JSON bodies", () => {
    expect(schema.safeParse({ nda: false }).error?.issues[0]?.message).toBe(required);
    expect(schema.parse({ nda: true })).toEqual({ nda: true });
  });
});

describe("choice and choices", () => {
  const schema = z.object({
    level: choice(["junior", "senior"]),
    teams: choices(["art", "audio", "design"]),
  });
  it("require an answer", () => {
    expect(submit(schema, []).errors).toEqual({ level: [required], teams: [required] });
  });
  it("refuse values that were never offered", () => {
    const { errors } = submit(schema, [
      ["level", "boss"],
      ["teams", "art"],
    ]);
    expect(errors).toEqual({ level: [formMessage("invalidOption")] });
  });
  it("read one or many ticked boxes as a list", () => {
    expect(
      submit(schema, [
        ["level", "junior"],
        ["teams", "art"],
      ]).value,
    ).toEqual({ level: "junior", teams: ["art"] });
    expect(
      submit(schema, [
        ["level", "senior"],
        ["teams", "art"],
        ["teams", "design"],
      ]).value,
    ).toEqual({ level: "senior", teams: ["art", "design"] });
  });
});

describe("dateOfBirth", () => {
  const schema = z.object({ birth: dateOfBirth() });
  const post = (month: string, day: string, y: string) =>
    submit(schema, [
      ["birth.month", month],
      ["birth.day", day],
      ["birth.year", y],
    ]);

  it("requires each selector", () => {
    expect(submit(schema, []).errors).toEqual({
      "birth.month": [required],
      "birth.day": [required],
      "birth.year": [required],
    });
    expect(post("2", "", "1990").errors).toEqual({ "birth.day": [required] });
  });

  it("offers and accepts 1921 through the current year, and refuses 1920", () => {
    expect(birthYears()[0]).toBe(year);
    expect(birthYears().at(-1)).toBe(firstBirthYear);
    expect(post("1", "1", "1921").value).toEqual({ birth: "1921-01-01" });
    expect(post("1", "1", String(year)).value).toEqual({ birth: `${year}-01-01` });
    expect(post("1", "1", "1920").errors).toEqual({ "birth.year": [formMessage("invalidOption")] });
    expect(post("1", "1", String(year + 1)).errors).toEqual({ "birth.year": [formMessage("invalidOption")] });
  });

  it("refuses days that do not exist in the month", () => {
    expect(post("4", "31", "1990").errors).toEqual({ birth: [formMessage("invalidDate")] });
    expect(post("2", "30", "2000").errors).toEqual({ birth: [formMessage("invalidDate")] });
    expect(post("2", "29", "1999").errors).toEqual({ birth: [formMessage("invalidDate")] });
    expect(post("2", "29", "2000").value).toEqual({ birth: "2000-02-29" });
    expect(post("4", "30", "1990").value).toEqual({ birth: "1990-04-30" });
    expect(post("1", "32", "1990").errors).toEqual({ "birth.day": [formMessage("invalidOption")] });
    expect(post("13", "1", "1990").errors).toEqual({ "birth.month": [formMessage("invalidOption")] });
    expect(post("x", "1", "1990").errors).toEqual({ "birth.month": [required] });
  });

  it("refuses a date still to come", () => {
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    // Tomorrow may fall next year, which the year selector refuses first.
    const result = post(
      String(tomorrow.getMonth() + 1),
      String(tomorrow.getDate()),
      String(tomorrow.getFullYear()),
    );
    expect(result.value).toBeUndefined();
  });

  it("checks a minimum age to the day", () => {
    const adult = z.object({ birth: dateOfBirth({ minAge: 18 }) });
    const today = new Date();
    const at = (years: number, dayShift: number) => {
      const d = new Date(today.getFullYear() - years, today.getMonth(), today.getDate() + dayShift);
      return submit(adult, [
        ["birth.month", String(d.getMonth() + 1)],
        ["birth.day", String(d.getDate())],
        ["birth.year", String(d.getFullYear())],
      ]);
    };
    expect(at(18, 0).errors).toBeUndefined();
    expect(at(18, 1).errors).toEqual({ birth: [formMessage("minAge", { age: 18 })] });
  });

  it("knows real dates", () => {
    expect(isRealDate(2024, 2, 29)).toBe(true);
    expect(isRealDate(2023, 2, 29)).toBe(false);
    expect(isRealDate(2023, 6, 31)).toBe(false);
  });
});

describe("phone", () => {
  it("normalizes an international number whatever the country", () => {
    expect(normalizePhone("+1 418 555 0134")).toBe("+14185550134");
    expect(normalizePhone("+1 418 555 0134", "ES")).toBe("+14185550134");
    expect(normalizePhone("00 32 9 123 45 67")).toBe("+3291234567");
  });
  it("reads a national number in its country", () => {
    expect(normalizePhone("(418) 555-0134", "CA")).toBe("+14185550134");
    expect(normalizePhone("612 34 56 78", "ES")).toBe("+34612345678");
    expect(normalizePhone("0471 12 34 56", "BE")).toBe("+32471123456");
  });
  it.each(["12345", "call me", "+1 418 555 01345", "418-555-0134; DROP TABLE", ""])("refuses %j", (junk) => {
    expect(normalizePhone(junk, "CA")).toBeUndefined();
  });

  const schema = z.object({ phone: phoneE164() });
  it("gives the form value as E.164, with errors on the number", () => {
    expect(
      submit(schema, [
        ["phone.country", "PL"],
        ["phone.number", "512 345 678"],
      ]).value,
    ).toEqual({ phone: "+48512345678" });
    expect(submit(schema, [["phone.number", "418 555 0134"]]).value).toEqual({ phone: "+14185550134" });
    expect(
      submit(schema, [
        ["phone.country", "CA"],
        ["phone.number", "555"],
      ]).errors,
    ).toEqual({ "phone.number": [formMessage("phone")] });
    expect(submit(schema, [["phone.country", "CA"]]).errors).toEqual({ "phone.number": [required] });
  });
  it("may be optional", () => {
    const optional = z.object({ phone: phoneE164({ optional: true }) });
    expect(submit(optional, [["phone.country", "CA"]]).value).toEqual({ phone: undefined });
  });
});

describe("control characters and lone surrogates", () => {
  const characters = formMessage("characters");
  /** One control character (not tab, LF or CR) or lone surrogate, inside an otherwise valid value. */
  const forbidden = fc.constantFrom(
    "\u0000",
    "\u0001",
    "\u0008",
    "\u000b",
    "\u001b",
    "\u007f",
    "\u0085",
    "\ud800",
    "\udfff",
  );
  const inside = (valid: string) =>
    fc
      .tuple(forbidden, fc.integer({ min: 1, max: valid.length - 1 }))
      .map(([bad, at]) => `${valid.slice(0, at)}${bad}${valid.slice(at)}`);

  const helpers = {
    requiredString: [requiredString(80), "Léa Tremblay"],
    optionalString: [optionalString(80), "A note"],
    email: [email(), "lea@studio.example"],
    alphanumeric: [alphanumeric(20), "Elodie42"],
    password: [password(), "Abcdefg1"],
  } as const;

  it.each(Object.entries(helpers))("%s refuses them with its own message, alone", (_, [field, valid]) => {
    const schema = z.object({ field });
    fc.assert(
      fc.property(inside(valid), (value) => {
        // The JSON API validates plain values; page forms go through the same schema.
        const parsed = schema.safeParse({ field: value });
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([characters]);
      }),
    );
  });

  it("keeps a textarea's line breaks and tabs", () => {
    const schema = z.object({ message: requiredString(200), note: optionalString(200) });
    expect(schema.parse({ message: "Hello,\r\n\tsecond line", note: "a\nb" })).toEqual({
      message: "Hello,\r\n\tsecond line",
      note: "a\nb",
    });
  });
});
