import { z } from "zod";
import { formMessage } from "./messages";
import { hasForbiddenCharacters } from "./text-rules";

/**
 * Zod building blocks for form schemas (docs/requirements.md#forms-and-validation). Each carries
 * message keys, so one schema validates in the browser and on the server and both show the same
 * translated texts. Form values arrive as strings; an empty field arrives as missing (Conform
 * strips it).
 */

const required = formMessage("required");
/** An empty field gets 'Field is required' alone, not also the length or format texts. */
const requiredCheck = { error: required, abort: true };

/**
 * Refuses control characters and lone surrogates (text-rules.ts) with their own message, and
 * alone: a NUL in a name is not also "not alphanumeric".
 */
const allowedCharacters = [
  (value: string) => !hasForbiddenCharacters(value),
  { error: formMessage("characters"), abort: true },
] as const;

/** A required text of at most `max` characters (and at least `min` when given), trimmed. */
export function requiredString(max: number, { min }: { min?: number } = {}) {
  let schema = z
    .string({ error: required })
    .trim()
    .min(1, requiredCheck)
    .refine(...allowedCharacters);
  if (min !== undefined && min > 1) schema = schema.min(min, formMessage("minLength", { min }));
  return schema.max(max, formMessage("maxLength", { max }));
}

/** An optional text of at most `max` characters; empty becomes undefined. */
export function optionalString(max: number) {
  return z
    .string()
    .trim()
    .refine(...allowedCharacters)
    .max(max, formMessage("maxLength", { max }))
    .optional()
    .transform((value) => value || undefined);
}

/** RFC 5321 limits an address to 254 characters. */
const emailMaxLength = 254;

/** A required e-mail address, trimmed. */
export function email() {
  return z
    .string({ error: required })
    .trim()
    .min(1, requiredCheck)
    .refine(...allowedCharacters)
    .max(emailMaxLength, formMessage("maxLength", { max: emailMaxLength }))
    .pipe(z.email({ error: formMessage("email") }));
}

/** Letters (any script, so Quebec names with accents pass) and digits, nothing else. */
export function alphanumeric(max: number) {
  return requiredString(max).regex(/^[\p{L}\p{N}]+$/u, formMessage("alphanumeric"));
}

export const passwordMinLength = 8;
/** Bcrypt-style hashes ignore what lies beyond 72 bytes; longer inputs are refused, not cut. */
export const passwordMaxLength = 72;

/**
 * At least 8 characters with one uppercase, one lowercase and one digit
 * (docs/requirements.md#validation-messages): one message for all four rules, as the specification
 * words it. Never trimmed: spaces are characters.
 */
export function password() {
  const rule = formMessage("password");
  return z
    .string({ error: required })
    .min(1, requiredCheck)
    .refine(...allowedCharacters)
    .max(passwordMaxLength, formMessage("maxLength", { max: passwordMaxLength }))
    .refine(
      (value) =>
        value.length >= passwordMinLength &&
        /\p{Lu}/u.test(value) &&
        /\p{Ll}/u.test(value) &&
        /\p{Nd}/u.test(value),
      rule,
    );
}

/**
 * The check that a confirmation matches its password, for an object schema:
 * `z.object({ password: password(), confirmPassword: z.string() }).check(passwordConfirmation())`.
 * The error lands on the confirmation field.
 */
export function passwordConfirmation<T extends Record<string, unknown>>(
  passwordField: keyof T & string = "password",
  confirmationField: keyof T & string = "confirmPassword",
) {
  return z.superRefine<T>((value, ctx) => {
    if (value[passwordField] !== value[confirmationField]) {
      ctx.addIssue({ code: "custom", message: formMessage("passwordMismatch"), path: [confirmationField] });
    }
  });
}

/**
 * A checkbox or switch that must be ticked (docs/requirements.md#forms-and-validation): a missing
 * value reads 'Field is required'.
 */
export function checkedBox() {
  return z.boolean({ error: required }).refine((checked) => checked, required);
}

/** One of a fixed list of values (radio group, select). */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) => (issue.input === undefined ? required : formMessage("invalidOption")),
  });
}

/** Several of a fixed list of values (multi-select), at least `min` of them. */
export function choices<const T extends readonly [string, ...string[]]>(values: T, { min = 1 } = {}) {
  return z.array(choice(values)).min(min, required);
}
