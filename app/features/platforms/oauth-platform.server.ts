import * as oauth from "oauth4webapi";
import type { OAuthPlatform, OAuthProvider } from "./platform-config.server";

/**
 * Twitch, GOG Galaxy and GGP: OAuth 2.0 authorization code with state and PKCE (S256), by
 * oauth4webapi (docs/decisions/0014-linked-platforms.md). Identity comes from the provider's
 * user-info endpoint, called with the access token.
 */
const timeoutMs = 5000;

export const oauthCallbackUrl = (publicUrl: string, platform: OAuthPlatform) =>
  `${publicUrl}/api/account/${platform}/callback`;

function server(provider: OAuthProvider): oauth.AuthorizationServer {
  return {
    issuer: new URL(provider.authUrl).origin,
    authorization_endpoint: provider.authUrl,
    token_endpoint: provider.tokenUrl,
    userinfo_endpoint: provider.userinfoUrl,
  };
}

/** Config only lets http through for a loopback stand-in (config.server.ts). */
const requestOptions = (provider: OAuthProvider) => ({
  [oauth.allowInsecureRequests]: provider.tokenUrl.startsWith("http:"),
  signal: () => AbortSignal.timeout(timeoutMs),
});

export const newCodeVerifier = () => oauth.generateRandomCodeVerifier();

export async function oauthRedirect(
  provider: OAuthProvider,
  publicUrl: string,
  platform: OAuthPlatform,
  state: string,
  codeVerifier: string,
): Promise<string> {
  const url = new URL(provider.authUrl);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", provider.clientId);
  url.searchParams.set("redirect_uri", oauthCallbackUrl(publicUrl, platform));
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return url.href;
}

export type PlatformIdentity = { externalId: string; displayName: string };

/**
 * The user-info answer as each platform shapes it: OpenID Connect (`sub`, `preferred_username`),
 * Twitch Helix users (`data[0].id`, `display_name`), GOG (`userId`, `username`) or a plain
 * `id` / `name`.
 */
export function identityFrom(body: unknown): PlatformIdentity | undefined {
  const root = (body ?? {}) as Record<string, unknown>;
  const record = Array.isArray(root.data) ? ((root.data[0] ?? {}) as Record<string, unknown>) : root;
  const first = (...keys: string[]) =>
    keys.map((key) => record[key]).find((v) => (typeof v === "string" && v.trim()) || typeof v === "number");
  const id = first("sub", "id", "userId", "user_id");
  if (id === undefined) return undefined;
  const name = first("preferred_username", "display_name", "username", "login", "name") ?? id;
  return { externalId: String(id).slice(0, 200), displayName: String(name).trim().slice(0, 100) };
}

export class OAuthRefused extends Error {}

/**
 * Completes the sign-in from the callback's parameters: the state must be this sign-in's (and an
 * `error` answer is refused), the code is exchanged with the PKCE verifier and the client
 * secret, and the user-info endpoint names the platform account.
 */
export async function oauthIdentity(
  provider: OAuthProvider,
  publicUrl: string,
  platform: OAuthPlatform,
  callback: URLSearchParams,
  state: string,
  codeVerifier: string,
): Promise<PlatformIdentity> {
  const as = server(provider);
  const client: oauth.Client = { client_id: provider.clientId };
  const options = requestOptions(provider);
  try {
    const params = oauth.validateAuthResponse(as, client, callback, state);
    const tokenResponse = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(provider.clientSecret),
      params,
      oauthCallbackUrl(publicUrl, platform),
      codeVerifier,
      options,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse);
    const info = await oauth.protectedResourceRequest(
      tokens.access_token,
      "GET",
      new URL(provider.userinfoUrl),
      // Twitch's API wants the client id beside the token; others ignore it.
      new Headers({ Accept: "application/json", "Client-Id": provider.clientId }),
      null,
      options,
    );
    const identity = info.ok ? identityFrom(await info.json()) : undefined;
    if (!identity) throw new OAuthRefused(`user info answered ${info.status} without an id`);
    return identity;
  } catch (err) {
    if (err instanceof OAuthRefused) throw err;
    // The provider's own words when it refused (e.g. a PKCE mismatch), for the log.
    if (err instanceof oauth.ResponseBodyError || err instanceof oauth.AuthorizationResponseError)
      throw new OAuthRefused(`${err.error}: ${err.error_description ?? ""}`);
    throw new OAuthRefused(err instanceof Error ? err.message : String(err));
  }
}
