import type { CountryCode } from "libphonenumber-js";
import { z } from "zod";
import { formMessage } from "./messages";
import { defaultPhoneCountry, isPhoneCountry } from "./phone-countries";

/**
 * Phone numbers (docs/requirements.md#forms-and-validation: the input yields an international E.164
 * number). Kept apart from the other helpers so only forms with a phone field load this.
 *
 * libphonenumber-js (30 KB compressed, most of a job page's own JavaScript) is not imported here:
 * the server provides it when it starts (phone-numbers.server.ts) and a browser loads it when
 * the visitor first uses a phone field (`loadPhoneNumbers()`, from PhoneField). Until then the
 * browser's validation leaves the number to the server, which checks every submission
 * (docs/decisions/0027-javascript-budget.md).
 */

export { defaultPhoneCountry, isPhoneCountry };

type PhoneNumbers = Pick<typeof import("libphonenumber-js"), "parsePhoneNumberFromString">;

let phoneNumbers: PhoneNumbers | undefined;
let loading: Promise<PhoneNumbers> | undefined;

/** The server's copy of the library, provided once at start (phone-numbers.server.ts). */
export function providePhoneNumbers(library: PhoneNumbers): void {
  phoneNumbers = library;
}

/** The library, loaded on first call (in a browser: when a phone field is first used). */
export function loadPhoneNumbers(): Promise<PhoneNumbers> {
  if (phoneNumbers) return Promise.resolve(phoneNumbers);
  loading ??= import("libphonenumber-js").then((library) => {
    phoneNumbers = library;
    return library;
  });
  return loading;
}

/**
 * The library if loaded. Only a browser may be without it (the form then leaves the number to
 * the server): on the server a missing library is a bug, never a number let through unchecked.
 */
export function loadedPhoneNumbers(): PhoneNumbers | undefined {
  if (!phoneNumbers && typeof document === "undefined")
    throw new Error("libphonenumber-js was not provided (import ~/platform/forms/phone-numbers.server)");
  return phoneNumbers;
}

/** The text as the library reads it: 00 for + in front of an international number. */
export const phoneText = (input: string) => input.trim().replace(/^00\s*(?=\d)/, "+");

/**
 * E.164 for a number typed in any usual way: international ("+1 418 555 0134", "00 32 9 …")
 * whatever the country, or national ("(418) 555-0134") read in `country`. Undefined when the
 * text is not a valid number. Needs the library (provided on the server, loaded in a browser).
 */
export function normalizePhone(input: string, country?: CountryCode): string | undefined {
  const library = loadedPhoneNumbers();
  if (!library) throw new Error("libphonenumber-js is not loaded yet (loadPhoneNumbers())");
  const text = phoneText(input);
  if (!/^[+\d\s().\-/]+$/.test(text)) return undefined;
  const parsed = library.parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.number : undefined;
}

type PhoneInput = { country?: string; number: string };

/**
 * A phone field made of a country selector (`<name>.country`) and the number (`<name>.number`).
 * The value is the E.164 string; errors land on the number. With `optional`, an empty number
 * gives undefined. In a browser that has not loaded the library yet, a number is taken as typed
 * and the server says whether it is valid.
 */
export function phoneE164(): z.ZodType<string, PhoneInput>;
export function phoneE164(options: { optional: true }): z.ZodType<string | undefined, Partial<PhoneInput>>;
export function phoneE164({
  optional = false,
}: {
  optional?: boolean;
} = {}): z.ZodType<string | undefined, Partial<PhoneInput>> {
  const required = formMessage("required");
  return z
    .object({
      country: z.string().optional(),
      number: optional ? z.string().trim().optional() : z.string({ error: required }).trim().min(1, required),
    })
    .transform((value, ctx) => {
      if (!value.number) return undefined;
      if (!loadedPhoneNumbers()) return value.number;
      const country = isPhoneCountry(value.country) ? value.country : defaultPhoneCountry;
      const e164 = normalizePhone(value.number, country);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: formMessage("phone"), path: ["number"] });
        return z.NEVER;
      }
      return e164;
    });
}
