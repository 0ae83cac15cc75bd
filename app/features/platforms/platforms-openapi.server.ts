import { z } from "zod";
import { type ApiOperation, type ApiPart, okAnswer } from "~/platform/http/openapi.server";
import { signInPlatforms } from "./platform-config.server";
import { type Platform, platformOrder } from "./platform-names";

/**
 * The linked platforms and merch endpoints createPlatformsApi mounts under /api/account, as the
 * OpenAPI document describes them.
 */

const language = (description: string) => z.string().optional().meta({ param: { description } });
const languageQuery = z.object({
  language: language("en, fr or es: the language of the pages the flow returns to."),
});
const platformPath = (platforms: readonly Platform[]) => z.object({ platform: z.enum(platforms) });

/*
 * The answers, registered as components under their ids; open objects, as every answer of the
 * document (`okAnswer`).
 */
const redirectAnswer = z
  .looseObject({ redirect: z.url().meta({ description: "Navigate the page there." }) })
  .meta({ id: "Redirect" });

/** What `platformStates` answers. */
const platformsAnswer = z
  .looseObject({
    platforms: z.array(
      z.looseObject({
        platform: z.enum(platformOrder),
        available: z.boolean(),
        linked: z.boolean(),
        displayName: z.string().nullable(),
        linkedAt: z.string().nullable().meta({ format: "date-time" }),
      }),
    ),
  })
  .meta({ id: "Platforms" });

/** What `merchList` answers. */
const merchAnswer = z
  .looseObject({
    products: z.array(
      z.looseObject({
        id: z.string(),
        title: z.string(),
        price: z.looseObject({ amount: z.string(), currency: z.string() }),
        image: z.string().nullable(),
        url: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "Merch" });

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
    ok: platformsAnswer,
  },
  {
    method: "post",
    path: "/{platform}/login",
    summary:
      "Start signing in with a linked platform (Steam OpenID 2.0, OAuth 2.0 + PKCE): answers where to go.",
    params: { path: platformPath(signInPlatforms), query: languageQuery },
    ok: redirectAnswer,
    codes: ["UNSUPPORTED_PLATFORM", "SERVICE_TEMPORARILY_UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/{platform}/connect",
    summary: "Start linking a platform to the signed-in account: answers where to go.",
    session: true,
    params: { path: platformPath(platformOrder), query: languageQuery },
    ok: redirectAnswer,
    codes: ["UNSUPPORTED_PLATFORM", "PLATFORM_ALREADY_LINKED", "SERVICE_TEMPORARILY_UNAVAILABLE"],
  },
  {
    method: "get",
    path: "/{platform}/disconnect",
    summary: "Unlink a platform.",
    session: true,
    params: { path: platformPath(platformOrder) },
    ok: okAnswer,
    codes: ["UNSUPPORTED_PLATFORM", "PLATFORM_NOT_LINKED"],
  },
  {
    method: "get",
    path: "/{platform}/callback",
    summary:
      "Where the platform sends the browser back: always a 303 to a page (with a message), never JSON.",
    params: { path: platformPath(platformOrder) },
    ok: redirectAnswer,
    okStatus: 303,
    codes: ["UNSUPPORTED_PLATFORM"],
  },
  {
    method: "get",
    path: "/merch",
    summary:
      "The merchandise store's products (content files when no store is configured); the store's failure status is passed through.",
    session: true,
    params: { query: z.object({ language: language("en, fr or es.") }) },
    ok: merchAnswer,
    codes: ["SERVICE_TEMPORARILY_UNAVAILABLE"],
  },
];

export const platformsApiPart: ApiPart = { prefix: "/account", operations: platformOperations };
