import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  accountCookieNames,
  createAccountApi,
  createSession,
  hashPassword,
} from "~/features/account/index.server";
import { accountUsers } from "~/features/account/tables";
import { forgetMerchCache } from "~/features/merch/index.server";
import { merchProducts } from "~/features/merch/tables";
import { type Config, parseConfig } from "~/platform/config.server";
import type { Database, Db } from "~/platform/db/client.server";
import { apiErrorHandler } from "~/platform/http/errors.server";
import { createRateLimits } from "~/platform/http/rate-limit.server";
import { createLogger } from "~/platform/logging.server";
import type { Services } from "~/platform/services.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { addLink, removeLink } from "./platform-links.server";
import { createPlatformsApi } from "./platforms-api.server";
import { createState, stateTtlMs, takeState } from "./sign-in-states.server";
import { requiredSignedFields } from "./steam-openid.server";
import { accountPlatformLinks, accountPlatformStates } from "./tables";

/**
 * Linked platforms and merch through the API, against stand-ins started here: a Steam-like
 * OpenID 2.0 provider that signs its assertions (HMAC) and answers check_authentication, a real
 * OAuth 2.0 server (oauth2-mock-server, which checks PKCE S256) as Twitch, and a merch store.
 */

const publicUrl = "https://studio.example";
const steamPrefix = "https://steamcommunity.com/openid/id/";
const openidNs = "http://specs.openid.net/auth/2.0";
const steamKey = crypto.randomBytes(32);

let database: Database;
let db: Db;
let config: Config;
const servers: http.Server[] = [];
let api: string;
let steamEndpoint: string;
let oauth: OAuth2Server;
/** What the Twitch stand-in's user-info endpoint answers. */
let twitchUser: Record<string, unknown> = {};
let store: { status: number; body: unknown; calls: number } = { status: 200, body: {}, calls: 0 };
let storeUrl: string;
/** What the Steam Web API stand-in answers to GetPlayerSummaries with the right key. */
let steamProfiles: { status: number; players: Array<{ steamid: string; personaname: string }> } = {
  status: 200,
  players: [],
};
const refusals: string[] = [];

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The stand-in's signature over the signed fields (OpenID 2.0 key-value form, HMAC-SHA256). */
function sign(fields: URLSearchParams): string {
  const signed = (fields.get("openid.signed") ?? "").split(",");
  const text = signed.map((name) => `${name}:${fields.get(`openid.${name}`) ?? ""}\n`).join("");
  return crypto.createHmac("sha256", steamKey).update(text).digest("base64");
}

async function startApi(env: Record<string, string>) {
  const cfg = parseConfig({ PUBLIC_URL: publicUrl, RATE_LIMIT_FORM_POINTS: "1000", ...env });
  const logger = createLogger("silent");
  // Why each sign-in was refused, as the site logs it.
  logger.warn = ((fields: { reason?: string }) => {
    if (fields?.reason) refusals.push(fields.reason);
  }) as typeof logger.warn;
  const svc = {
    config: cfg,
    database,
    db,
    logger,
    rateLimits: createRateLimits(cfg, logger),
  } as unknown as Services;
  const app = express();
  app.use("/api", express.json(), createAccountApi(svc), createPlatformsApi(svc), apiErrorHandler);
  return { cfg, url: `${await listen(app)}/api/account` };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;

  // Steam-like OpenID provider: only check_authentication is called by the site.
  steamEndpoint = `${await listen((req, res) => {
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", () => {
      const body = new URLSearchParams(raw);
      const valid =
        req.method === "POST" &&
        body.get("openid.mode") === "check_authentication" &&
        body.get("openid.sig") === sign(body);
      res.writeHead(200, { "content-type": "text/plain" }).end(`ns:${openidNs}\nis_valid:${valid}\n`);
    });
  })}/openid/login`;

  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate("RS256");
  await oauth.start(0, "127.0.0.1");
  oauth.service.on("beforeUserinfo", (response: { body: unknown }) => {
    response.body = twitchUser;
  });
  const issuer = oauth.issuer.url!;

  storeUrl = await listen((_req, res) => {
    store.calls++;
    res.writeHead(store.status, { "content-type": "application/json" }).end(JSON.stringify(store.body));
  });

  // Steam Web API-like: GetPlayerSummaries with our key only.
  const steamWebApi = await listen((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    if (
      url.pathname !== "/ISteamUser/GetPlayerSummaries/v2/" ||
      url.searchParams.get("key") !== "steam-key"
    ) {
      res.writeHead(403).end();
      return;
    }
    const ids = (url.searchParams.get("steamids") ?? "").split(",");
    const players = steamProfiles.players.filter((p) => ids.includes(p.steamid));
    res
      .writeHead(steamProfiles.status, { "content-type": "application/json" })
      .end(JSON.stringify({ response: { players } }));
  });

  const started = await startApi({
    STEAM_OPENID_URL: steamEndpoint,
    STEAM_WEB_API_URL: steamWebApi,
    STEAM_WEB_API_KEY: "steam-key",
    TWITCH_AUTH_URL: `${issuer}/authorize`,
    TWITCH_TOKEN_URL: `${issuer}/token`,
    TWITCH_USERINFO_URL: `${issuer}/userinfo`,
    TWITCH_CLIENT_ID: "studio-client",
    TWITCH_CLIENT_SECRET: "studio-secret",
  });
  config = started.cfg;
  api = started.url;
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await oauth?.stop();
  await database?.close();
});

beforeEach(async () => {
  await db.delete(accountUsers);
  await db.delete(merchProducts);
  twitchUser = { sub: "twitch-4242", preferred_username: "lea_plays" };
  steamProfiles = { status: 200, players: [] };
});

/** A browser-like client: a cookie jar, our Origin, no redirects followed. */
function browser(base = api) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const [name, value] = pair!.split("=");
      if (/Max-Age=0/.test(line)) jar.delete(name!);
      else jar.set(name!, value!);
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return {
    jar,
    async get(path: string, headers: Record<string, string> = {}) {
      const res = await fetch(`${base}/${path}`, {
        headers: { cookie: cookie(), ...headers },
        redirect: "manual",
      });
      keep(res);
      const type = res.headers.get("content-type") ?? "";
      return {
        status: res.status,
        location: res.headers.get("location") ?? "",
        body: type.includes("json") ? await res.json() : await res.text(),
        setCookies: res.headers.getSetCookie(),
      };
    },
    async post(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
      const res = await fetch(`${base}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: publicUrl, cookie: cookie(), ...headers },
        body: JSON.stringify(body),
        redirect: "manual",
      });
      keep(res);
      return { status: res.status, body: await res.json(), location: res.headers.get("location") ?? "" };
    },
    flash(): { kind: string; messages: string[] } | undefined {
      const raw = jar.get("studio_flash");
      return raw ? JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) : undefined;
    },
  };
}

/** A verified account and a browser signed in to it. */
async function signedIn(username: string, extra: Partial<typeof accountUsers.$inferInsert> = {}) {
  const [user] = await db
    .insert(accountUsers)
    .values({
      username,
      usernameKey: username.toLowerCase(),
      email: `${username}@example.com`,
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword("Kettle-Storm-42"),
      dateOfBirth: "1990-04-12",
      tosVersion: 1,
      language: "en",
      ...extra,
    })
    .returning();
  const c = browser();
  const { token } = await createSession(db, user!.id);
  c.jar.set(accountCookieNames(config).session, token);
  return { c, user: user! };
}

const linksOf = (accountId: string) =>
  db.select().from(accountPlatformLinks).where(eq(accountPlatformLinks.accountId, accountId));

const steamId = "76561197960287930";

/** Steam's positive assertion for a sign-in, signed by the stand-in; `change` forges it after. */
function steamAssertion(
  redirect: string,
  options: {
    set?: Record<string, string>;
    signed?: readonly string[];
    change?: Record<string, string>;
    nonce?: string;
  } = {},
) {
  const returnTo = new URL(redirect).searchParams.get("openid.return_to")!;
  const state = new URL(returnTo).searchParams.get("state")!;
  const fields = new URLSearchParams({
    "openid.ns": openidNs,
    "openid.mode": "id_res",
    "openid.op_endpoint": steamEndpoint,
    "openid.claimed_id": `${steamPrefix}${steamId}`,
    "openid.identity": `${steamPrefix}${steamId}`,
    "openid.return_to": returnTo,
    "openid.response_nonce":
      options.nonce ?? `${new Date().toISOString().slice(0, 19)}Z${crypto.randomUUID()}`,
    "openid.assoc_handle": "1234567890",
    "openid.signed": (options.signed ?? requiredSignedFields).join(","),
    ...options.set,
  });
  fields.set("openid.sig", sign(fields));
  for (const [k, v] of Object.entries(options.change ?? {})) fields.set(k, v);
  return `steam/callback?state=${encodeURIComponent(state)}&${fields}`;
}

async function steamConnect(c: ReturnType<typeof browser>) {
  const res = await c.get("steam/connect");
  expect(res.status).toBe(200);
  return res.body.redirect as string;
}

describe("sign-in states", () => {
  it("a platform sign-in state is taken within its 10 minutes, not after", async () => {
    const start = new Date();
    const input = {
      platform: "twitch" as const,
      purpose: "login" as const,
      accountId: null,
      codeVerifier: null,
      language: "en" as const,
    };
    const inTime = await createState(db, input, start);
    const late = await createState(db, input, start);
    const last = new Date(start.getTime() + stateTtlMs - 1000);
    expect(await takeState(db, "twitch", inTime, last)).toMatchObject({ purpose: "login" });
    expect(
      await takeState(db, "twitch", late, new Date(start.getTime() + stateTtlMs + 1000)),
    ).toBeUndefined();
  });
});

describe("link rules", () => {
  it("refuses a second link of a platform, an identity of another account, and unlinking nothing", async () => {
    const { user: ada } = await signedIn("ada");
    const { user: bo } = await signedIn("bo");
    await addLink(db, { accountId: ada.id, platform: "twitch", externalId: "t1", displayName: "ada" });
    await expect(
      addLink(db, { accountId: ada.id, platform: "twitch", externalId: "t2", displayName: "x" }),
    ).rejects.toMatchObject({ code: "PLATFORM_ALREADY_LINKED" });
    await expect(
      addLink(db, { accountId: bo.id, platform: "twitch", externalId: "t1", displayName: "x" }),
    ).rejects.toMatchObject({ code: "PLATFORM_ID_IN_USE" });
    await expect(removeLink(db, bo.id, "steam")).rejects.toMatchObject({ code: "PLATFORM_NOT_LINKED" });
    expect(await linksOf(bo.id)).toEqual([]);
  });

  it("answers the service error codes through the API, and needs a session", async () => {
    const { c, user } = await signedIn("ada");
    await addLink(db, { accountId: user.id, platform: "twitch", externalId: "t1", displayName: "ada" });
    expect(await c.get("twitch/connect")).toMatchObject({
      status: 409,
      body: { messages: ["PLATFORM_ALREADY_LINKED"] },
    });
    expect(await c.get("steam/disconnect")).toMatchObject({
      status: 404,
      body: { messages: ["PLATFORM_NOT_LINKED"] },
    });
    // Off (no GALAXY_* variables), and a platform without sign-in
    // (docs/requirements.md#linked-platforms-and-merch).
    expect(await c.get("galaxy/connect")).toMatchObject({
      status: 404,
      body: { messages: ["UNSUPPORTED_PLATFORM"] },
    });
    expect(await c.post("twitch/login")).toMatchObject({
      status: 404,
      body: { messages: ["UNSUPPORTED_PLATFORM"] },
    });
    expect(await browser().get("steam/connect")).toMatchObject({
      status: 401,
      body: { messages: ["NEEDS_LOGIN_REFRESH"] },
    });
    // A state-changing GET from another site's page is refused (CSRF).
    expect(await c.get("twitch/disconnect", { "sec-fetch-site": "cross-site" })).toMatchObject({
      status: 403,
    });
    expect(await linksOf(user.id)).toHaveLength(1);
    expect(await c.get("twitch/disconnect")).toMatchObject({ status: 200, body: { ok: true } });
    expect(await linksOf(user.id)).toEqual([]);
  });

  it("lists the platforms with their state", async () => {
    const { c, user } = await signedIn("ada");
    await addLink(db, { accountId: user.id, platform: "steam", externalId: steamId, displayName: steamId });
    const res = await c.get("platforms");
    expect(res.body.platforms).toEqual([
      expect.objectContaining({ platform: "steam", available: true, linked: true, displayName: steamId }),
      expect.objectContaining({ platform: "twitch", available: true, linked: false }),
      expect.objectContaining({ platform: "galaxy", available: false, linked: false }),
      expect.objectContaining({ platform: "ggp", available: false, linked: false }),
    ]);
  });

  it("deletes the links with the account", async () => {
    const { c, user } = await signedIn("ada");
    await addLink(db, { accountId: user.id, platform: "steam", externalId: steamId, displayName: steamId });
    await c.get("twitch/connect");
    expect((await c.post("delete", { password: "Kettle-Storm-42" })).status).toBe(200);
    expect(await db.select().from(accountPlatformLinks)).toEqual([]);
    expect(await db.select().from(accountPlatformStates)).toEqual([]);
  });
});

describe("Steam (OpenID 2.0)", () => {
  it("sends the browser to Steam with identifier_select and a return_to carrying the state", async () => {
    const { c } = await signedIn("ada");
    const redirect = new URL(await steamConnect(c));
    expect(`${redirect.origin}${redirect.pathname}`).toBe(steamEndpoint);
    const q = redirect.searchParams;
    expect(q.get("openid.ns")).toBe(openidNs);
    expect(q.get("openid.mode")).toBe("checkid_setup");
    expect(q.get("openid.identity")).toBe("http://specs.openid.net/auth/2.0/identifier_select");
    expect(q.get("openid.claimed_id")).toBe("http://specs.openid.net/auth/2.0/identifier_select");
    expect(q.get("openid.realm")).toBe(`${publicUrl}/`);
    expect(q.get("openid.return_to")).toMatch(
      /^https:\/\/studio\.example\/api\/account\/steam\/callback\?state=[\w-]{43}$/,
    );
    // A page navigation (no JavaScript) is sent there at once.
    const navigation = await c.get("steam/connect", { accept: "text/html" });
    expect(navigation.status).toBe(303);
    expect(navigation.location.startsWith(steamEndpoint)).toBe(true);
  });

  it("links with a valid assertion, named by the persona name the Steam Web API gives", async () => {
    steamProfiles = { status: 200, players: [{ steamid: steamId, personaname: " Ada the Navigator " }] };
    const { c, user } = await signedIn("ada");
    const res = await c.get(steamAssertion(await steamConnect(c)));
    expect(res).toMatchObject({ status: 303, location: "/account/platforms" });
    expect(c.flash()).toEqual({ kind: "success", messages: ["platforms:linked.steam"] });
    expect(await linksOf(user.id)).toEqual([
      expect.objectContaining({ platform: "steam", externalId: steamId, displayName: "Ada the Navigator" }),
    ]);
  });

  it("still links, showing the SteamID64, when the Web API fails or knows no such player", async () => {
    for (const answer of [
      { status: 503, players: [] },
      { status: 200, players: [] },
    ]) {
      steamProfiles = answer;
      await db.delete(accountUsers);
      const { c, user } = await signedIn("ada");
      expect(await c.get(steamAssertion(await steamConnect(c)))).toMatchObject({ status: 303 });
      expect(await linksOf(user.id)).toEqual([
        expect.objectContaining({ platform: "steam", externalId: steamId, displayName: steamId }),
      ]);
    }
  });

  const forgeries: Array<[string, (redirect: string) => string, RegExp]> = [
    [
      "a wrong op_endpoint",
      (r) => steamAssertion(r, { set: { "openid.op_endpoint": "https://evil.example/openid/login" } }),
      /op_endpoint/,
    ],
    [
      "claimed_id ≠ identity",
      (r) => steamAssertion(r, { set: { "openid.identity": `${steamPrefix}76561197960287931` } }),
      /claimed_id differs/,
    ],
    [
      "a claimed_id that is no Steam id",
      (r) =>
        steamAssertion(r, {
          set: {
            "openid.claimed_id": "https://evil.example/id/1",
            "openid.identity": "https://evil.example/id/1",
          },
        }),
      /not a Steam id/,
    ],
    [
      "a foreign return_to",
      (r) => {
        const state = new URL(new URL(r).searchParams.get("openid.return_to")!).searchParams.get("state");
        return steamAssertion(r, {
          set: { "openid.return_to": `https://evil.example/api/account/steam/callback?state=${state}` },
        });
      },
      /return_to is not our callback/,
    ],
    [
      "is_valid:false (a field changed after signing)",
      (r) =>
        steamAssertion(r, {
          change: {
            "openid.claimed_id": `${steamPrefix}76561197960287999`,
            "openid.identity": `${steamPrefix}76561197960287999`,
          },
        }),
      /is_valid:true/,
    ],
    [
      "a missing signed field",
      (r) => steamAssertion(r, { signed: requiredSignedFields.filter((f) => f !== "return_to") }),
      /return_to not signed/,
    ],
    ["mode cancel", (r) => steamAssertion(r, { set: { "openid.mode": "cancel" } }), /mode cancel/],
    ["a stale nonce", (r) => steamAssertion(r, { nonce: "2020-01-01T00:00:00Zold" }), /stale/],
  ];

  it.each(forgeries)("never links with %s", async (_name, forge, reason) => {
    const { c, user } = await signedIn("ada");
    refusals.length = 0;
    const res = await c.get(forge(await steamConnect(c)));
    expect(refusals).toEqual([expect.stringMatching(reason)]);
    expect(res).toMatchObject({ status: 303, location: "/account/platforms" });
    expect(c.flash()).toEqual({ kind: "error", messages: ["ACCOUNT_LINK_ERROR"] });
    expect(await linksOf(user.id)).toEqual([]);
  });

  it("refuses a replayed nonce, a replayed state and another browser's callback", async () => {
    const { c, user } = await signedIn("ada");
    const nonce = `${new Date().toISOString().slice(0, 19)}Zonce`;
    const first = steamAssertion(await steamConnect(c), { nonce });
    // The same callback twice: the state is spent by the first use.
    const other = browser();
    other.jar.set(accountCookieNames(config).session, c.jar.get(accountCookieNames(config).session)!);
    expect((await other.get(first)).location).toBe("/account/platforms");
    expect(other.flash()?.messages).toEqual(["ACCOUNT_LINK_ERROR"]);
    // Another browser (no state cookie) spent it, so this one's is gone too.
    await c.get(first);
    expect(c.flash()?.messages).toEqual(["ACCOUNT_LINK_ERROR"]);
    expect(await linksOf(user.id)).toEqual([]);

    // A fresh, validly signed sign-in that reuses a nonce already seen.
    expect((await c.get(steamAssertion(await steamConnect(c), { nonce: `${nonce}2` }))).status).toBe(303);
    expect(c.flash()?.kind).toBe("success");
    await c.get("steam/disconnect");
    refusals.length = 0;
    await c.get(steamAssertion(await steamConnect(c), { nonce: `${nonce}2` }));
    expect(c.flash()).toEqual({ kind: "error", messages: ["ACCOUNT_LINK_ERROR"] });
    expect(refusals).toEqual(["response_nonce replayed"]);
    expect(await linksOf(user.id)).toEqual([]);
  });

  it("refuses a Steam account linked to someone else", async () => {
    const { user: bo } = await signedIn("bo");
    await addLink(db, { accountId: bo.id, platform: "steam", externalId: steamId, displayName: steamId });
    const { c, user } = await signedIn("ada");
    await c.get(steamAssertion(await steamConnect(c)));
    expect(c.flash()).toEqual({ kind: "error", messages: ["PLATFORM_ID_IN_USE"] });
    expect(await linksOf(user.id)).toEqual([]);
  });

  it("signs in with a linked Steam account, through the second factor when it is on", async () => {
    const { user } = await signedIn("ada");
    await addLink(db, { accountId: user.id, platform: "steam", externalId: steamId, displayName: steamId });
    const visitor = browser();
    const start = await visitor.post("steam/login");
    expect(start.status).toBe(200);
    const res = await visitor.get(steamAssertion(start.body.redirect));
    expect(res).toMatchObject({ status: 303, location: "/account" });
    expect(visitor.jar.has(accountCookieNames(config).session)).toBe(true);
    expect((await visitor.get("platforms")).status).toBe(200);

    await db.update(accountUsers).set({ totpSecret: "JBSWY3DPEHPK3PXP", totpEnabledAt: new Date() });
    const second = browser();
    const again = await second.get(steamAssertion((await second.post("steam/login")).body.redirect));
    expect(again).toMatchObject({ status: 303, location: "/account/code" });
    expect(second.jar.has(accountCookieNames(config).session)).toBe(false);
    expect(second.jar.has(accountCookieNames(config).mfa)).toBe(true);
  });

  it("never signs in with a forged assertion or an unlinked Steam account", async () => {
    const { user } = await signedIn("ada");
    await addLink(db, { accountId: user.id, platform: "steam", externalId: steamId, displayName: steamId });
    for (const [, forge, reason] of forgeries) {
      const visitor = browser();
      refusals.length = 0;
      const res = await visitor.get(forge((await visitor.post("steam/login")).body.redirect));
      expect(refusals).toEqual([expect.stringMatching(reason)]);
      expect(res).toMatchObject({ status: 303, location: "/account/login" });
      expect(visitor.flash()?.messages).toEqual(["ACCOUNT_LOGIN_ERROR"]);
      expect(visitor.jar.has(accountCookieNames(config).session)).toBe(false);
    }
    await db.delete(accountPlatformLinks);
    const visitor = browser();
    await visitor.get(steamAssertion((await visitor.post("steam/login")).body.redirect));
    expect(visitor.flash()?.messages).toEqual(["PLATFORM_NOT_LINKED"]);
    expect(visitor.jar.has(accountCookieNames(config).session)).toBe(false);
  });
});

describe("Twitch (OAuth 2.0 + PKCE)", () => {
  /** Follows the OAuth server's authorization step; answers our callback's path and query. */
  async function authorize(redirect: string) {
    const url = new URL(redirect);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toBe(`${publicUrl}/api/account/twitch/callback`);
    const res = await fetch(redirect, { redirect: "manual" });
    const back = new URL(res.headers.get("location")!);
    return `twitch/callback${back.search}`;
  }

  it("links with code, state and PKCE, then unlinks", async () => {
    const { c, user } = await signedIn("ada");
    const callback = await authorize((await c.get("twitch/connect")).body.redirect);
    expect(await c.get(callback)).toMatchObject({ status: 303, location: "/account/platforms" });
    expect(c.flash()).toEqual({ kind: "success", messages: ["platforms:linked.twitch"] });
    expect(await linksOf(user.id)).toEqual([
      expect.objectContaining({ platform: "twitch", externalId: "twitch-4242", displayName: "lea_plays" }),
    ]);
    expect(await c.get("twitch/disconnect")).toMatchObject({ status: 200 });

    // The same callback again: its state was spent.
    await c.get(callback);
    expect(c.flash()).toEqual({ kind: "error", messages: ["ACCOUNT_LINK_ERROR"] });
    expect(await linksOf(user.id)).toEqual([]);
  });

  it("refuses a code redeemed with another PKCE verifier", async () => {
    const { c, user } = await signedIn("ada");
    const callback = await authorize((await c.get("twitch/connect")).body.redirect);
    await db.update(accountPlatformStates).set({ codeVerifier: "x".repeat(64) });
    refusals.length = 0;
    await c.get(callback);
    expect(refusals).toEqual([
      expect.stringMatching(/^invalid_request: code_verifier provided does not match code_challenge$/),
    ]);
    expect(c.flash()).toEqual({ kind: "error", messages: ["ACCOUNT_LINK_ERROR"] });
    expect(await linksOf(user.id)).toEqual([]);
  });

  it("refuses a callback whose state is not this browser's", async () => {
    const { c, user } = await signedIn("ada");
    const callback = await authorize((await c.get("twitch/connect")).body.redirect);
    const stolen = browser();
    stolen.jar.set(accountCookieNames(config).session, c.jar.get(accountCookieNames(config).session)!);
    await stolen.get(callback);
    expect(stolen.flash()?.messages).toEqual(["ACCOUNT_LINK_ERROR"]);
    // The attempt spent the state: the real browser's callback fails too.
    await c.get(callback);
    expect(await linksOf(user.id)).toEqual([]);
  });

  it("refuses a callback of another account's sign-in", async () => {
    const { c: ada } = await signedIn("ada");
    const { user: bo } = await signedIn("bo");
    const callback = await authorize((await ada.get("twitch/connect")).body.redirect);
    // Ada's browser, but signed in as Bo by now.
    const { token } = await createSession(db, bo.id);
    ada.jar.set(accountCookieNames(config).session, token);
    await ada.get(callback);
    expect(ada.flash()?.messages).toEqual(["NEEDS_LOGIN_REFRESH"]);
    expect(await db.select().from(accountPlatformLinks)).toEqual([]);
  });

  it("refuses an error answer and a user info without an id", async () => {
    const { c, user } = await signedIn("ada");
    const redirect = (await c.get("twitch/connect")).body.redirect as string;
    const state = new URL(redirect).searchParams.get("state")!;
    await c.get(`twitch/callback?error=access_denied&state=${state}`);
    expect(c.flash()?.messages).toEqual(["ACCOUNT_LINK_ERROR"]);
    twitchUser = { nothing: true };
    await c.get(await authorize((await c.get("twitch/connect")).body.redirect));
    expect(c.flash()?.messages).toEqual(["ACCOUNT_LINK_ERROR"]);
    expect(await linksOf(user.id)).toEqual([]);
  });
});

describe("merch", () => {
  const shopify = {
    products: [
      {
        id: 101,
        title: "Tidebound mug",
        handle: "tidebound-mug",
        variants: [{ price: "18.5" }],
        images: [{ src: "https://cdn.store.example/mug.png" }],
      },
      { id: 102, title: "Sold out", handle: "sold-out", variants: [], images: [] },
    ],
  };

  it("needs a session", async () => {
    expect(await browser().get("merch")).toMatchObject({
      status: 401,
      body: { messages: ["NEEDS_LOGIN_REFRESH"] },
    });
  });

  it("answers the content's products when no store is configured", async () => {
    await db.insert(merchProducts).values({
      slug: "tidebound-mug",
      sort: 1,
      title: { en: "Tidebound harbour mug", fr: "Tasse du port de Tidebound", es: "Taza" },
      priceAmount: "18.00",
      currency: "CAD",
      image: "/images/art/merch/tidebound-mug.svg",
    });
    const { c } = await signedIn("ada");
    expect((await c.get("merch?language=fr")).body).toEqual({
      products: [
        {
          id: "tidebound-mug",
          title: "Tasse du port de Tidebound",
          price: { amount: "18.00", currency: "CAD" },
          image: "/images/art/merch/tidebound-mug.svg",
          url: null,
        },
      ],
    });
  });

  it("normalises the store's list, keeps it a minute, and passes a failure's status through", async () => {
    forgetMerchCache();
    const { url } = await startApi({ MERCH_STORE_URL: storeUrl, MERCH_STORE_CURRENCY: "CAD" });
    const { c } = await signedIn("ada");
    const shop = browser(url);
    shop.jar.set(accountCookieNames(config).session, c.jar.get(accountCookieNames(config).session)!);

    store = { status: 503, body: { errors: "maintenance" }, calls: 0 };
    expect(await shop.get("merch")).toMatchObject({
      status: 503,
      body: { messages: ["SERVICE_TEMPORARILY_UNAVAILABLE"] },
    });
    store = { status: 404, body: {}, calls: 0 };
    expect((await shop.get("merch")).status).toBe(404);
    store = { status: 200, body: { unexpected: true }, calls: 0 };
    expect((await shop.get("merch")).status).toBe(502);

    store = { status: 200, body: shopify, calls: 0 };
    const res = await shop.get("merch");
    expect(res).toMatchObject({ status: 200 });
    expect(res.body.products).toEqual([
      {
        id: "101",
        title: "Tidebound mug",
        price: { amount: "18.50", currency: "CAD" },
        image: "https://cdn.store.example/mug.png",
        url: `${storeUrl}/products/tidebound-mug`,
      },
    ]);
    await shop.get("merch");
    expect(store.calls).toBe(1);
  });
});
