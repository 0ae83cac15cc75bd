import { z } from "zod";
import { formMessage } from "./messages";
import { defaultPhoneCountry, isPhoneCountry } from "./phone-countries";
import { loadedPhoneNumbers, normalizePhone } from "./phone-numbers";

/**
 * Phone numbers (docs/requirements.md#forms-and-validation: the input yields an international E.164
 * number). Kept apart from the other helpers so only forms with a phone field load this.
 *
 * libphonenumber-js (30 KB compressed, most of a job page's own JavaScript) is not imported here:
 * the server provides it when it starts (phone-numbers.server.ts) and a browser loads it when
 * the visitor first uses a phone field (`loadPhoneNumbers()` in phone-numbers.ts, from
 * PhoneField). Until then the browser's validation leaves the number to the server, which
 * checks every submission (docs/decisions/0027-javascript-budget.md).
 */

export { defaultPhoneCountry, isPhoneCountry };

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
