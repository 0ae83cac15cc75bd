import { z } from "zod";
import { dateOfBirth } from "~/platform/forms/date-of-birth";
import { checkedBox, email, password, passwordConfirmation, requiredString } from "~/platform/forms/fields";
import { encodeMessage, formMessage } from "~/platform/forms/messages";

/**
 * The account forms' schemas. Each page action and its JSON endpoint validate with the same one
 * (`apiSchemas` names them by endpoint), so neither can accept what the other refuses; a form
 * that asks for one step of an endpoint only is checked in the browser with that step's part.
 */

/** Minimum age to hold an account (docs/decisions/0012-accounts.md). */
export const accountMinAge = 16;
/** docs/requirements.md#account-and-second-factor: terms of service version 1. */
export const currentTosVersion = 1;

/** 3–24 letters, digits, `_`, `-` or `.`: a public handle, shown in games. */
export const usernameField = () =>
  requiredString(24, { min: 3 }).regex(/^[A-Za-z0-9_.-]+$/, encodeMessage("account:form.usernameRule"));

/**
 * A password its holder already has (sign-in, confirmations): required and never trimmed, since
 * `password()` keeps the spaces of a new one and a trimmed copy would never match it.
 */
const currentPassword = () =>
  z
    .string({ error: formMessage("required") })
    .min(1, { error: formMessage("required"), abort: true })
    .max(1000, formMessage("maxLength", { max: 1000 }));

/**
 * A field the API may also send as a string: the string is read as the parts the page's fields
 * send, then checked by the same schema. Typed by those parts, which the page's fields bind to.
 */
export function orString<S extends z.ZodType>(read: (text: string) => unknown, schema: S) {
  return z.preprocess((value: z.input<S>) => (typeof value === "string" ? read(value) : value), schema);
}

/**
 * The date of birth: the page's three selectors, or an ISO date (YYYY-MM-DD, the API's spelling)
 * read as those selectors, so both get the same checks: a real calendar date, a year from 1921
 * to this one, and at least the minimum age.
 */
export const birthDateField = orString(
  (text) => {
    const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    return parts ? { year: parts[1], month: parts[2], day: parts[3] } : text;
  },
  dateOfBirth({ minAge: accountMinAge }),
);

export const createAccountSchema = z
  .object({
    username: usernameField(),
    email: email(),
    password: password(),
    confirmPassword: z.string().optional(),
    dateOfBirth: birthDateField,
    tos: checkedBox(),
  })
  .check(passwordConfirmation());

export const loginSchema = z.object({
  identifier: requiredString(254),
  password: currentPassword(),
});

export const codeSchema = z.object({ code: requiredString(20) });
export const forgotSchema = z.object({ identifier: requiredString(254) });
export const tokenSchema = z.object({ token: requiredString(100) });

export const resetSchema = z
  .object({ token: requiredString(100), password: password(), confirmPassword: z.string().optional() })
  .check(passwordConfirmation());

export const updatePasswordSchema = z
  .object({
    currentPassword: currentPassword(),
    password: password(),
    confirmPassword: z.string().optional(),
  })
  .check(passwordConfirmation());

/** The e-mailed code of an address change: six digits. */
const emailChangeCode = () =>
  requiredString(20).pipe(z.string().regex(/^\d{6}$/, encodeMessage("account:form.codeRule")));

const emailChange = { email: email(), password: currentPassword(), code: emailChangeCode() };

/**
 * update-email, page and API: without a code the password is required and a code is e-mailed;
 * with the code the password may be left out (the code was sent only after it was checked).
 */
export const updateEmailSchema = z
  .object({
    email: emailChange.email,
    password: emailChange.password.optional(),
    code: emailChange.code.optional(),
  })
  .refine((input) => input.code !== undefined || input.password !== undefined, {
    path: ["password"],
    error: formMessage("required"),
  });

/** The page's first step as the browser checks it: the new address and the password. */
export const emailChangeSchema = z.object({ email: emailChange.email, password: emailChange.password });
/** Its second step: the code from that e-mail (the address travels along in a hidden field). */
export const emailCodeSchema = z.object({ email: emailChange.email, code: emailChange.code });

export const updateProfileSchema = z.object({ username: usernameField() });
export const passwordOnlySchema = z.object({ password: currentPassword() });
/** The version comes from a hidden field on the page (read as a number) and as a number in JSON. */
export const acceptTosSchema = z.object({ version: z.number().int(), accept: checkedBox() });

/**
 * New recovery codes: the password or a current authenticator code proves the holder (the page
 * asks for the password, as `passwordOnlySchema` checks it in the browser).
 */
export const recoveryProofSchema = z
  .object({ password: currentPassword().optional(), code: requiredString(20).optional() })
  .refine((proof) => proof.password !== undefined || proof.code !== undefined, {
    error: formMessage("required"),
  });

/**
 * The schema of each JSON endpoint: the one its page action parses with. The SMS number's is
 * `smsSetupSchema` (sms-setup-form.ts), kept apart for the numbering plan's weight.
 */
export const apiSchemas = {
  create: createAccountSchema,
  login: loginSchema,
  code: codeSchema,
  forgot: forgotSchema,
  token: tokenSchema,
  reset: resetSchema,
  updatePassword: updatePasswordSchema,
  updateEmail: updateEmailSchema,
  updateProfile: updateProfileSchema,
  password: passwordOnlySchema,
  acceptTos: acceptTosSchema,
  recoveryProof: recoveryProofSchema,
};

/**
 * The service error code (docs/requirements.md#service-error-codes) an API caller gets for a failed
 * field.
 */
export function apiCodeFor(field: string | undefined): string {
  switch (field) {
    case "username":
      return "INVALID_USERNAME";
    case "email":
      return "INVALID_EMAIL";
    case "password":
    case "confirmPassword":
    case "currentPassword":
      return "INVALID_PASSWORD";
    case "tos":
    case "accept":
      return "MISSING_TERMS_ACCEPT";
    case "code":
      return "MFA_CODE_INVALID";
    case "phone":
      return "INVALID_PHONE_NUMBER";
    default:
      return "INVALID_PARAMETERS";
  }
}
