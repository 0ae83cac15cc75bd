import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { formMessage } from "./messages";

/**
 * Phone numbers (docs/requirements.md#forms-and-validation: the input yields an international E.164
 * number). Kept apart from the other helpers so only forms with a phone field load the numbering
 * plan metadata.
 */

/** The studio's own countries first in the selector: Canada (Quebec) is the default. */
export const defaultPhoneCountry: CountryCode = "CA";

export function isPhoneCountry(value: unknown): value is CountryCode {
  return typeof value === "string" && isSupportedCountry(value);
}

/**
 * E.164 for a number typed in any usual way: international ("+1 418 555 0134", "00 32 9 …")
 * whatever the country, or national ("(418) 555-0134") read in `country`. Undefined when the
 * text is not a valid number.
 */
export function normalizePhone(input: string, country?: CountryCode): string | undefined {
  const text = input.trim().replace(/^00\s*(?=\d)/, "+");
  if (!/^[+\d\s().\-/]+$/.test(text)) return undefined;
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.number : undefined;
}

type PhoneInput = { country?: string; number: string };

/**
 * A phone field made of a country selector (`<name>.country`) and the number (`<name>.number`).
 * The value is the E.164 string; errors land on the number. With `optional`, an empty number
 * gives undefined.
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
      const country = isPhoneCountry(value.country) ? value.country : defaultPhoneCountry;
      const e164 = normalizePhone(value.number, country);
      if (!e164) {
        ctx.addIssue({ code: "custom", message: formMessage("phone"), path: ["number"] });
        return z.NEVER;
      }
      return e164;
    });
}
