import type { ApiOperation, ApiPart } from "~/platform/http/openapi.server";
import { signInPlatforms } from "./platform-config.server";
import { platformOrder } from "./platform-names";

/**
 * The linked platforms and merch endpoints createPlatformsApi mounts under /api/account, as the
 * OpenAPI document describes them.
 */

const languageQuery = { language: "en, fr or es: the language of the pages the flow returns to." };

/**
 * The linked platforms and merch endpoints (features/platforms, mounted under /api/account
 * too). A browser navigation (Accept: text/html) to login or connect is redirected (303) at
 * once; a script gets `{ redirect }` and navigates (docs/requirements.md#http-api).
 */
const platformOperations: ApiOperation[] = [
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

export const platformsApiPart: ApiPart = {
  prefix: "/account",
  operations: platformOperations,
  schemas: {
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
  },
};
