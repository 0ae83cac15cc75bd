import { z } from "zod";
import { dateOfBirth } from "~/platform/forms/date-of-birth";
import { checkedBox, email, password, passwordConfirmation, requiredString } from "~/platform/forms/fields";
import { encodeMessage } from "~/platform/forms/messages";

/**
 * The account forms' schemas, shared by the pages (browser and server, Conform) and the JSON
 * API (`apiSchemas`, which take an ISO date of birth and a boolean for the terms).
 */

/** Minimum age to hold an account (docs/decisions/0012-accounts.md). */
export const accountMinAge = 16;
/** SPEC §9: terms of service version 1. */
export const currentTosVersion = 1;

/** 3–24 letters, digits, `_`, `-` or `.`: a public handle, shown in games. */
export const usernameField = () =>
  requiredString(24, { min: 3 }).regex(/^[A-Za-z0-9_.-]+$/, encodeMessage("account:form.usernameRule"));

export const createAccountSchema = z
  .object({
    username: usernameField(),
    email: email(),
    password: password(),
    confirmPassword: z.string().optional(),
    dateOfBirth: dateOfBirth({ minAge: accountMinAge }),
    tos: checkedBox(),
  })
  .check(passwordConfirmation());

export const loginSchema = z.object({
  identifier: requiredString(254),
  password: requiredString(1000),
});

export const codeSchema = z.object({ code: requiredString(20) });
export const forgotSchema = z.object({ identifier: requiredString(254) });
export const tokenSchema = z.object({ token: requiredString(100) });

export const resetSchema = z
  .object({ token: requiredString(100), password: password(), confirmPassword: z.string().optional() })
  .check(passwordConfirmation());

export const updatePasswordSchema = z
  .object({
    currentPassword: requiredString(1000),
    password: password(),
    confirmPassword: z.string().optional(),
  })
  .check(passwordConfirmation());

const sixDigits = () =>
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, encodeMessage("account:form.codeRule"));

/** The API's update-email: the password asks for the code; with the code it may be left out. */
export const updateEmailSchema = z
  .object({ email: email(), password: z.string().min(1).max(1000).optional(), code: sixDigits().optional() })
  .refine((input) => input.code !== undefined || input.password !== undefined, {
    path: ["password"],
  });

/** The page's e-mail change, step 1: the new address and the password; a code is e-mailed. */
export const emailChangeSchema = z.object({ email: email(), password: requiredString(1000) });
/** Step 2: the code from that e-mail (the address travels along in a hidden field). */
export const emailCodeSchema = z.object({ email: email(), code: requiredString(20).pipe(sixDigits()) });

export const updateProfileSchema = z.object({ username: usernameField() });
export const passwordOnlySchema = z.object({ password: requiredString(1000) });
export const acceptTosSchema = z.object({ version: z.coerce.number().int(), accept: checkedBox() });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const apiSchemas = {
  create: z
    .object({
      username: usernameField(),
      email: email(),
      password: password(),
      confirmPassword: z.string().optional(),
      dateOfBirth: isoDate,
      tos: z.literal(true),
    })
    .check(passwordConfirmation()),
  login: loginSchema,
  code: codeSchema,
  forgot: forgotSchema,
  token: tokenSchema,
  reset: resetSchema,
  updatePassword: updatePasswordSchema,
  updateEmail: updateEmailSchema,
  updateProfile: updateProfileSchema,
  password: passwordOnlySchema,
  acceptTos: z.object({ version: z.number().int(), accept: z.literal(true) }),
  phone: z.object({ phone: z.string().trim().min(4).max(30) }),
  /** Either proves the holder: the password, or a current authenticator code. */
  recoveryProof: z
    .object({
      password: z.string().min(1).max(1000).optional(),
      code: z.string().trim().min(1).max(20).optional(),
    })
    .refine((proof) => proof.password !== undefined || proof.code !== undefined),
};

/** The §8 code an API caller gets for a failed field. */
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
