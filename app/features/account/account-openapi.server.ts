import { z } from "zod";
import { type ApiOperation, type ApiPart, type ApiSession, okAnswer } from "~/platform/http/openapi.server";
import { languages } from "~/platform/i18n/languages";
import { apiSchemas, birthDateField } from "./account-forms";
import { smsSetupSchema } from "./sms-setup-form";

/**
 * The account API (docs/account-api.md) as the OpenAPI document served at
 * `GET /api/openapi.json` describes it: the endpoints createAccountApi mounts, the bodies their
 * handlers parse (`apiSchemas`), their answers and the service error codes
 * (docs/requirements.md#service-error-codes) each may answer.
 */

const languageBody = z.object({ language: z.enum(languages).optional() });

/*
 * The answers, registered as components under their ids. Open objects, as every answer of the
 * document (`okAnswer`). Addresses, dates and times name their format only: the answer passes
 * on what was stored or computed, and describes no rule beyond it.
 */
const mfaMethods = z.array(z.enum(["totp", "sms"]));

/** What `publicUser` answers. */
const userAnswer = z
  .looseObject({
    username: z.string(),
    email: z.string().meta({ format: "email" }),
    emailVerified: z.boolean(),
    dateOfBirth: z.string().meta({ format: "date" }),
    tosVersion: z.int(),
    tosLatest: z.boolean(),
    mfa: mfaMethods,
    phone: z.string().nullable().meta({ description: "Last two digits of the SMS number, or null." }),
  })
  .meta({ id: "User" });

const sessionAnswer = z
  .looseObject({
    user: userAnswer,
    expire: z.string().meta({ format: "date-time", description: "At most 172800 s after sign-in." }),
  })
  .meta({ id: "Session" });

const loginResult = z
  .union([sessionAnswer, z.looseObject({ mfaRequired: z.literal(true), methods: mfaMethods })])
  .meta({ id: "LoginResult", unionOneOf: true });

const emailChange = z
  .looseObject({
    status: z.enum(["code-sent", "updated"]),
    email: z.string().meta({ format: "email" }).optional(),
  })
  .meta({ id: "EmailChange" });

const totpSetup = z
  .looseObject({
    secret: z.string().meta({ description: "Base32." }),
    uri: z.string().meta({ description: "otpauth://totp/…" }),
    qr: z.string().meta({ description: "data:image/svg+xml;base64,…" }),
  })
  .meta({ id: "TotpSetup" });

const recoveryCodes = z
  .looseObject({ recoveryCodes: z.array(z.string()).length(10) })
  .meta({ id: "RecoveryCodes" });

/** What `listSessions` answers. */
const sessionList = z
  .looseObject({
    sessions: z.array(
      z.looseObject({
        id: z.string().meta({ description: "Opaque, stable while the session lives." }),
        createdAt: z.string().meta({ format: "date-time" }),
        expiresAt: z.string().meta({ format: "date-time" }),
        current: z.boolean(),
      }),
    ),
  })
  .meta({ id: "Sessions" });

const signedInAnswer = z
  .object({
    user: z.object({ username: z.string() }),
    expire: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "SignedIn" });

/** Every endpoint mounted under /api/account by createAccountApi. */
const accountOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/create",
    summary:
      "Create an unverified account; a verification e-mail is sent (also answered when the address is in use: its owner is e-mailed).",
    body: apiSchemas.create.and(languageBody),
    ok: okAnswer,
    okStatus: 201,
    codes: [
      "INVALID_USERNAME",
      "INVALID_EMAIL",
      "INVALID_PASSWORD",
      "INVALID_PARAMETERS",
      "MISSING_TERMS_ACCEPT",
      "USERNAME_IN_USE",
    ],
  },
  {
    method: "post",
    path: "/validate",
    summary: "Confirm the e-mail address with the link's token (single-use, 1 h).",
    body: apiSchemas.token,
    ok: okAnswer,
    codes: ["INVALID_PARAMETERS", "AUTH_TICKET_EXPIRED"],
  },
  {
    method: "post",
    path: "/resend-verification",
    summary: "Send a new verification link when the address has an unverified account; always answers ok.",
    body: z.object({ email: z.string().max(254) }),
    ok: okAnswer,
  },
  {
    method: "post",
    path: "/login",
    summary:
      "Sign in by username or e-mail. Sets the session cookie, or the second-factor cookie when a factor is on.",
    body: apiSchemas.login,
    ok: loginResult,
    codes: ["ACCOUNT_LOGIN_ERROR", "EMAIL_NOT_VERIFIED", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/mfa/submitcode",
    summary: "The login's second step: an authenticator code, a texted code or a recovery code.",
    body: apiSchemas.code,
    ok: sessionAnswer,
    codes: ["NEEDS_LOGIN_REFRESH", "MFA_CODE_INVALID", "TOO_MANY_REQUESTS"],
  },
  { method: "post", path: "/logout", summary: "End this session; never fails.", ok: okAnswer },
  {
    method: "post",
    path: "/global-logout",
    summary: "End every session of the account.",
    session: true,
    ok: okAnswer,
  },
  {
    method: "post",
    path: "/logout-others",
    summary: "End every session of the account but this one.",
    session: true,
    ok: okAnswer,
  },
  {
    method: "get",
    path: "/me",
    summary:
      "Who is signed in and until when, the session looked up each time; a sign-in hint cookie naming another name is written anew, and deleted with the 401 NEEDS_LOGIN_REFRESH without a live session. Cache-Control: private, no-store.",
    session: true,
    ok: signedInAnswer,
  },
  {
    method: "get",
    path: "/sessions",
    summary: "The account's live sessions, newest first; `current` marks this one.",
    session: true,
    ok: sessionList,
  },
  {
    method: "post",
    path: "/forgot-password",
    summary: "Send a reset link (with @: e-mail, else username); always answers ok.",
    body: apiSchemas.forgot,
    ok: okAnswer,
  },
  {
    method: "post",
    path: "/reset-password",
    summary: "Set a new password with the reset link's token; every session ends.",
    body: apiSchemas.reset,
    ok: okAnswer,
    codes: ["PASSWORD_RESET_CODE_INVALID", "PASSWORD_RESET_CODE_EXPIRED", "INVALID_PASSWORD"],
  },
  {
    method: "post",
    path: "/update-password",
    summary: "Change the password; the other sessions end.",
    body: apiSchemas.updatePassword,
    session: true,
    ok: okAnswer,
    codes: ["INCORRECT_PASSWORD", "INVALID_PASSWORD", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/update-email",
    summary:
      "Without code: checks the password and e-mails a code to the new address. With the code: replaces the address.",
    body: apiSchemas.updateEmail,
    session: true,
    ok: emailChange,
    codes: ["INVALID_EMAIL", "INCORRECT_PASSWORD", "MFA_CODE_INVALID", "EMAIL_IN_USE", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/update-profile",
    summary: "Change the username.",
    body: apiSchemas.updateProfile,
    session: true,
    ok: okAnswer,
    codes: ["INVALID_USERNAME", "USERNAME_IN_USE"],
  },
  {
    method: "post",
    path: "/accept-tos",
    summary: "Accept the current terms of service version.",
    body: apiSchemas.acceptTos,
    session: true,
    ok: okAnswer,
    codes: ["MISSING_TERMS_ACCEPT", "TERMS_NOT_LATEST"],
  },
  {
    method: "post",
    path: "/delete",
    summary: "Delete the account and everything it holds; every session ends.",
    body: apiSchemas.password,
    session: true,
    ok: okAnswer,
    codes: ["INCORRECT_PASSWORD", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/mfa/addtotp",
    summary: "Start an authenticator: a new secret, its otpauth URI and a QR code (SVG data URL).",
    session: true,
    ok: totpSetup,
    codes: ["MFA_ALREADY_ENABLED"],
  },
  {
    method: "post",
    path: "/mfa/confirmtotp",
    summary: "Turn the authenticator on with a first code; answers 10 recovery codes, shown once.",
    body: apiSchemas.code,
    session: true,
    ok: recoveryCodes,
    codes: ["MFA_ALREADY_ENABLED", "MFA_CODE_INVALID", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/mfa/addsms",
    summary: "Text a 6-digit code (5 min) to the number, any usual notation, stored E.164.",
    body: smsSetupSchema,
    session: true,
    ok: okAnswer,
    codes: ["INVALID_PHONE_NUMBER", "MFA_ALREADY_ENABLED", "SERVICE_TEMPORARILY_UNAVAILABLE"],
  },
  {
    method: "post",
    path: "/mfa/confirmsms",
    summary: "Turn text messages on with the texted code; answers 10 recovery codes, shown once.",
    body: apiSchemas.code,
    session: true,
    ok: recoveryCodes,
    codes: ["MFA_ALREADY_ENABLED", "MFA_CODE_INVALID", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/mfa/recovery-codes",
    summary:
      "Replace the recovery codes (the old ones stop working), proven by the password or a current authenticator code.",
    body: apiSchemas.recoveryProof,
    session: true,
    ok: recoveryCodes,
    codes: [
      "INVALID_PARAMETERS",
      "MFA_NOT_ENABLED",
      "INCORRECT_PASSWORD",
      "MFA_CODE_INVALID",
      "TOO_MANY_REQUESTS",
    ],
  },
  {
    method: "post",
    path: "/mfa/remove",
    summary: "Turn the second factor off (authenticator and text messages, recovery codes).",
    body: apiSchemas.password,
    session: true,
    ok: okAnswer,
    codes: ["MFA_NOT_ENABLED", "INCORRECT_PASSWORD", "TOO_MANY_REQUESTS"],
  },
];

export const accountApiPart: ApiPart = {
  prefix: "/account",
  operations: accountOperations,
  stringForms: new Map<unknown, object>([
    [birthDateField, { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "YYYY-MM-DD" }],
    [smsSetupSchema.shape.phone, { type: "string", description: "International (+…) or Canadian number" }],
  ]),
};

/** The session cookie every signed-in endpoint reads, and its answer without a live session. */
export const accountSession: ApiSession = {
  scheme: {
    type: "apiKey",
    in: "cookie",
    name: "studio_session",
    description: "`__Host-studio_session` when PUBLIC_URL is https.",
  },
  refusal: "NEEDS_LOGIN_REFRESH",
};
