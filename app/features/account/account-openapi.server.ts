import { z } from "zod";
import { platformOrder, signInPlatforms } from "~/features/platforms/index.server";
import { languages } from "~/platform/i18n/languages";
import { apiSchemas, birthDateField } from "./account-forms";
import { smsSetupSchema } from "./sms-setup-form";

/**
 * The account API (docs/account-api.md) as an OpenAPI 3.1 description, served at
 * `GET /api/openapi.json`. Request bodies are generated from the Zod schemas the handlers parse
 * with (`apiSchemas`), so the description cannot drift from what is accepted; responses and the
 * service error codes (docs/requirements.md#service-error-codes) each endpoint may answer are
 * listed here.
 */

type Operation = {
  method: "get" | "post";
  path: string;
  summary: string;
  body?: z.ZodType;
  /** Reads the session cookie; without a live session: 401 NEEDS_LOGIN_REFRESH. */
  session?: boolean;
  /** Name of the success schema under components.schemas. */
  ok: string;
  okStatus?: number;
  codes?: string[];
  /** `{platform}` in the path: the platforms it accepts. */
  platforms?: readonly string[];
  /** Query parameters, by name. */
  query?: Record<string, string>;
};

const languageBody = z.object({ language: z.enum(languages).optional() });

/** Every endpoint mounted under /api/account by createAccountApi. */
const accountOperations: Operation[] = [
  {
    method: "post",
    path: "/create",
    summary:
      "Create an unverified account; a verification e-mail is sent (also answered when the address is in use: its owner is e-mailed).",
    body: apiSchemas.create.and(languageBody),
    ok: "Ok",
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
    ok: "Ok",
    codes: ["INVALID_PARAMETERS", "AUTH_TICKET_EXPIRED"],
  },
  {
    method: "post",
    path: "/resend-verification",
    summary: "Send a new verification link when the address has an unverified account; always answers ok.",
    body: z.object({ email: z.string().max(254) }),
    ok: "Ok",
  },
  {
    method: "post",
    path: "/login",
    summary:
      "Sign in by username or e-mail. Sets the session cookie, or the second-factor cookie when a factor is on.",
    body: apiSchemas.login,
    ok: "LoginResult",
    codes: ["ACCOUNT_LOGIN_ERROR", "EMAIL_NOT_VERIFIED", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/mfa/submitcode",
    summary: "The login's second step: an authenticator code, a texted code or a recovery code.",
    body: apiSchemas.code,
    ok: "Session",
    codes: ["NEEDS_LOGIN_REFRESH", "MFA_CODE_INVALID", "TOO_MANY_REQUESTS"],
  },
  { method: "post", path: "/logout", summary: "End this session; never fails.", ok: "Ok" },
  {
    method: "post",
    path: "/global-logout",
    summary: "End every session of the account.",
    session: true,
    ok: "Ok",
  },
  {
    method: "post",
    path: "/logout-others",
    summary: "End every session of the account but this one.",
    session: true,
    ok: "Ok",
  },
  {
    method: "get",
    path: "/sessions",
    summary: "The account's live sessions, newest first; `current` marks this one.",
    session: true,
    ok: "Sessions",
  },
  {
    method: "post",
    path: "/forgot-password",
    summary: "Send a reset link (with @: e-mail, else username); always answers ok.",
    body: apiSchemas.forgot,
    ok: "Ok",
  },
  {
    method: "post",
    path: "/reset-password",
    summary: "Set a new password with the reset link's token; every session ends.",
    body: apiSchemas.reset,
    ok: "Ok",
    codes: ["PASSWORD_RESET_CODE_INVALID", "PASSWORD_RESET_CODE_EXPIRED", "INVALID_PASSWORD"],
  },
  {
    method: "post",
    path: "/update-password",
    summary: "Change the password; the other sessions end.",
    body: apiSchemas.updatePassword,
    session: true,
    ok: "Ok",
    codes: ["INCORRECT_PASSWORD", "INVALID_PASSWORD", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/update-email",
    summary:
      "Without code: checks the password and e-mails a code to the new address. With the code: replaces the address.",
    body: apiSchemas.updateEmail,
    session: true,
    ok: "EmailChange",
    codes: ["INVALID_EMAIL", "INCORRECT_PASSWORD", "MFA_CODE_INVALID", "EMAIL_IN_USE", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/update-profile",
    summary: "Change the username.",
    body: apiSchemas.updateProfile,
    session: true,
    ok: "Ok",
    codes: ["INVALID_USERNAME", "USERNAME_IN_USE"],
  },
  {
    method: "post",
    path: "/accept-tos",
    summary: "Accept the current terms of service version.",
    body: apiSchemas.acceptTos,
    session: true,
    ok: "Ok",
    codes: ["MISSING_TERMS_ACCEPT", "TERMS_NOT_LATEST"],
  },
  {
    method: "post",
    path: "/delete",
    summary: "Delete the account and everything it holds; every session ends.",
    body: apiSchemas.password,
    session: true,
    ok: "Ok",
    codes: ["INCORRECT_PASSWORD", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/mfa/addtotp",
    summary: "Start an authenticator: a new secret, its otpauth URI and a QR code (SVG data URL).",
    session: true,
    ok: "TotpSetup",
    codes: ["MFA_ALREADY_ENABLED"],
  },
  {
    method: "post",
    path: "/mfa/confirmtotp",
    summary: "Turn the authenticator on with a first code; answers 10 recovery codes, shown once.",
    body: apiSchemas.code,
    session: true,
    ok: "RecoveryCodes",
    codes: ["MFA_ALREADY_ENABLED", "MFA_CODE_INVALID", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/mfa/addsms",
    summary: "Text a 6-digit code (5 min) to the number, any usual notation, stored E.164.",
    body: smsSetupSchema,
    session: true,
    ok: "Ok",
    codes: ["INVALID_PHONE_NUMBER", "MFA_ALREADY_ENABLED", "SERVICE_TEMPORARILY_UNAVAILABLE"],
  },
  {
    method: "post",
    path: "/mfa/confirmsms",
    summary: "Turn text messages on with the texted code; answers 10 recovery codes, shown once.",
    body: apiSchemas.code,
    session: true,
    ok: "RecoveryCodes",
    codes: ["MFA_ALREADY_ENABLED", "MFA_CODE_INVALID", "TOO_MANY_REQUESTS"],
  },
  {
    method: "post",
    path: "/mfa/recovery-codes",
    summary:
      "Replace the recovery codes (the old ones stop working), proven by the password or a current authenticator code.",
    body: apiSchemas.recoveryProof,
    session: true,
    ok: "RecoveryCodes",
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
    ok: "Ok",
    codes: ["MFA_NOT_ENABLED", "INCORRECT_PASSWORD", "TOO_MANY_REQUESTS"],
  },
];

const languageQuery = { language: "en, fr or es: the language of the pages the flow returns to." };

/**
 * The linked platforms and merch endpoints (features/platforms, mounted under /api/account
 * too). A browser navigation (Accept: text/html) to login or connect is redirected (303) at
 * once; a script gets `{ redirect }` and navigates (docs/requirements.md#http-api).
 */
const platformOperations: Operation[] = [
  {
    method: "get",
    path: "/platforms",
    summary: "Each platform: whether it is configured, linked, and as whom.",
    session: true,
    ok: "Platforms",
  },
  {
    method: "post",
    path: "/{platform}/login",
    summary:
      "Start signing in with a linked platform (Steam OpenID 2.0, OAuth 2.0 + PKCE): answers where to go.",
    platforms: signInPlatforms,
    query: languageQuery,
    ok: "Redirect",
    codes: ["UNSUPPORTED_PLATFORM", "SERVICE_TEMPORARILY_UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/{platform}/connect",
    summary: "Start linking a platform to the signed-in account: answers where to go.",
    session: true,
    platforms: platformOrder,
    query: languageQuery,
    ok: "Redirect",
    codes: ["UNSUPPORTED_PLATFORM", "PLATFORM_ALREADY_LINKED", "SERVICE_TEMPORARILY_UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/{platform}/disconnect",
    summary: "Unlink a platform.",
    session: true,
    platforms: platformOrder,
    ok: "Ok",
    codes: ["UNSUPPORTED_PLATFORM", "PLATFORM_NOT_LINKED"],
  },
  {
    method: "get",
    path: "/{platform}/callback",
    summary:
      "Where the platform sends the browser back: always a 303 to a page (with a message), never JSON.",
    platforms: platformOrder,
    ok: "Redirect",
    okStatus: 303,
    codes: ["UNSUPPORTED_PLATFORM"],
  },
  {
    method: "get",
    path: "/merch",
    summary:
      "The merchandise store's products (content files when no store is configured); the store's failure status is passed through.",
    session: true,
    query: { language: "en, fr or es." },
    ok: "Merch",
    codes: ["SERVICE_TEMPORARILY_UNAVAILABLE"],
  },
];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonOf = (schema: object) => ({ "application/json": { schema } });

const user = {
  type: "object",
  properties: {
    username: { type: "string" },
    email: { type: "string", format: "email" },
    emailVerified: { type: "boolean" },
    dateOfBirth: { type: "string", format: "date" },
    tosVersion: { type: "integer" },
    tosLatest: { type: "boolean" },
    mfa: { type: "array", items: { enum: ["totp", "sms"] } },
    phone: { type: ["string", "null"], description: "Last two digits of the SMS number, or null." },
  },
  required: ["username", "email", "emailVerified", "dateOfBirth", "tosVersion", "tosLatest", "mfa", "phone"],
};

const session = {
  type: "object",
  properties: {
    user: ref("User"),
    expire: { type: "string", format: "date-time", description: "At most 172800 s after sign-in." },
  },
  required: ["user", "expire"],
};

const components = {
  schemas: {
    Messages: {
      type: "object",
      description:
        "Every failure: service message codes (docs/requirements.md#errors-and-feedback), translated by the client under `msg.`.",
      properties: { messages: { type: "array", items: { type: "string" }, minItems: 1 } },
      required: ["messages"],
    },
    Ok: { type: "object", properties: { ok: { const: true } }, required: ["ok"] },
    User: user,
    Session: session,
    LoginResult: {
      oneOf: [
        session,
        {
          type: "object",
          properties: {
            mfaRequired: { const: true },
            methods: { type: "array", items: { enum: ["totp", "sms"] } },
          },
          required: ["mfaRequired", "methods"],
        },
      ],
    },
    EmailChange: {
      type: "object",
      properties: {
        status: { enum: ["code-sent", "updated"] },
        email: { type: "string", format: "email" },
      },
      required: ["status"],
    },
    TotpSetup: {
      type: "object",
      properties: {
        secret: { type: "string", description: "Base32." },
        uri: { type: "string", description: "otpauth://totp/…" },
        qr: { type: "string", description: "data:image/svg+xml;base64,…" },
      },
      required: ["secret", "uri", "qr"],
    },
    RecoveryCodes: {
      type: "object",
      properties: {
        recoveryCodes: { type: "array", items: { type: "string" }, minItems: 10, maxItems: 10 },
      },
      required: ["recoveryCodes"],
    },
    Redirect: {
      type: "object",
      properties: { redirect: { type: "string", format: "uri", description: "Navigate the page there." } },
      required: ["redirect"],
    },
    Platforms: {
      type: "object",
      properties: {
        platforms: {
          type: "array",
          items: {
            type: "object",
            properties: {
              platform: { enum: [...platformOrder] },
              available: { type: "boolean" },
              linked: { type: "boolean" },
              displayName: { type: ["string", "null"] },
              linkedAt: { type: ["string", "null"], format: "date-time" },
            },
            required: ["platform", "available", "linked", "displayName", "linkedAt"],
          },
        },
      },
      required: ["platforms"],
    },
    Merch: {
      type: "object",
      properties: {
        products: {
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "string" },
              title: { type: "string" },
              price: {
                type: "object",
                properties: { amount: { type: "string" }, currency: { type: "string" } },
                required: ["amount", "currency"],
              },
              image: { type: ["string", "null"] },
              url: { type: ["string", "null"] },
            },
            required: ["id", "title", "price", "image", "url"],
          },
        },
      },
      required: ["products"],
    },
    Sessions: {
      type: "object",
      properties: {
        sessions: {
          type: "array",
          items: {
            type: "object",
            properties: {
              id: { type: "string", description: "Opaque, stable while the session lives." },
              createdAt: { type: "string", format: "date-time" },
              expiresAt: { type: "string", format: "date-time" },
              current: { type: "boolean" },
            },
            required: ["id", "createdAt", "expiresAt", "current"],
          },
        },
      },
      required: ["sessions"],
    },
  },
  securitySchemes: {
    session: {
      type: "apiKey",
      in: "cookie",
      name: "studio_session",
      description: "`__Host-studio_session` when PUBLIC_URL is https.",
    },
  },
};

/**
 * Fields that take a string besides the page's parts (the schema reads the string as those
 * parts): JSON Schema sees only the parts, so the string form is added here.
 */
const stringForms = new Map<unknown, object>([
  [birthDateField, { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "YYYY-MM-DD" }],
  [smsSetupSchema.shape.phone, { type: "string", description: "International (+…) or Canadian number" }],
]);

/** A request body's JSON Schema, from its Zod schema as the handler parses it (input side). */
function requestSchema(schema: z.ZodType) {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const string = stringForms.get(zodSchema);
      if (!string) return;
      const parts = { ...jsonSchema };
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key as keyof typeof jsonSchema];
      Object.assign(jsonSchema, { anyOf: [string, parts] });
    },
  });
  return json;
}

function operationObject(op: Operation) {
  const failure = (description: string) => ({ description, content: jsonOf(ref("Messages")) });
  const codes = [...(op.codes ?? []), ...(op.session ? ["NEEDS_LOGIN_REFRESH"] : [])];
  const parameters = [
    ...(op.platforms
      ? [{ name: "platform", in: "path", required: true, schema: { enum: [...op.platforms] } }]
      : []),
    ...Object.entries(op.query ?? {}).map(([name, description]) => ({
      name,
      in: "query",
      description,
      schema: { type: "string" },
    })),
  ];
  return {
    summary: op.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(op.session ? { security: [{ session: [] }] } : {}),
    ...(op.body ? { requestBody: { required: true, content: jsonOf(requestSchema(op.body)) } } : {}),
    responses: {
      [String(op.okStatus ?? 200)]: { description: "Success", content: jsonOf(ref(op.ok)) },
      "4XX": failure(
        [
          codes.length ? `Message codes: ${[...new Set(codes)].join(", ")}.` : "",
          op.method === "post"
            ? "403 for a post from another origin; 429 TOO_MANY_REQUESTS past the form rate limit."
            : "",
        ]
          .filter(Boolean)
          .join(" "),
      ),
    },
  };
}

let cached: object | undefined;

export function accountOpenApi(): object {
  if (cached) return cached;
  const paths: Record<string, Record<string, object>> = {};
  for (const op of [...accountOperations, ...platformOperations]) {
    paths[`/api/account${op.path}`] ??= {};
    paths[`/api/account${op.path}`]![op.method] = operationObject(op);
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Studio account API",
      version: "1",
      description:
        "The account calls (docs/requirements.md#account-and-second-factor). Same origin, JSON bodies, Cache-Control: no-store. See docs/account-api.md.",
    },
    paths,
    components,
  };
  return cached;
}
