import type { Db } from "~/platform/db/client.server";
import type { SteamProvider } from "./platform-config.server";
import { openidNonces } from "./tables";

/**
 * Steam sign-in by OpenID 2.0 (Steam offers no OAuth), verified on the server. Steam's
 * assertion is only trusted after every check of `verifySteamAssertion` below; the browser
 * brings it back, so each field may be forged.
 */
const openidNs = "http://specs.openid.net/auth/2.0";
const identifierSelect = "http://specs.openid.net/auth/2.0/identifier_select";
/** The fields Steam signs; an assertion that leaves one unsigned is refused. */
export const requiredSignedFields = [
  "op_endpoint",
  "claimed_id",
  "identity",
  "return_to",
  "response_nonce",
  "assoc_handle",
] as const;
/** How old a response_nonce's time stamp may be (and how far ahead of our clock). */
const nonceMaxAgeMs = 5 * 60_000;
const nonceSkewMs = 60_000;
const verifyTimeoutMs = 5000;

export const steamCallbackUrl = (publicUrl: string) => `${publicUrl}/api/account/steam/callback`;

/** Where the browser goes to sign in at Steam; it comes back to the callback with our state. */
export function steamRedirect(provider: SteamProvider, publicUrl: string, state: string): string {
  const url = new URL(provider.endpoint);
  const returnTo = new URL(steamCallbackUrl(publicUrl));
  returnTo.searchParams.set("state", state);
  url.searchParams.set("openid.ns", openidNs);
  url.searchParams.set("openid.mode", "checkid_setup");
  url.searchParams.set("openid.return_to", returnTo.href);
  url.searchParams.set("openid.realm", `${new URL(publicUrl).origin}/`);
  url.searchParams.set("openid.identity", identifierSelect);
  url.searchParams.set("openid.claimed_id", identifierSelect);
  return url.href;
}

/** Why an assertion was refused (logged and asserted by tests; the visitor sees a service error code). */
export class SteamAssertionRefused extends Error {}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Verifies Steam's positive assertion and answers the SteamID64. Checks, in order: OpenID 2.0
 * namespace and mode id_res; op_endpoint is the configured endpoint; claimed_id equals identity
 * and is `<prefix><17 digits>`; the signed list covers every required field; return_to is our
 * callback carrying this sign-in's state; the response_nonce is fresh and never seen before
 * (recorded now); and Steam itself answers `is_valid:true` to check_authentication.
 */
export async function verifySteamAssertion(
  deps: { db: Db; provider: SteamProvider; publicUrl: string },
  query: URLSearchParams,
  state: string,
  now = new Date(),
): Promise<string> {
  const field = (name: string) => query.get(`openid.${name}`) ?? "";
  const refuse = (why: string): never => {
    throw new SteamAssertionRefused(why);
  };

  if (field("ns") !== openidNs) refuse("not OpenID 2.0");
  if (field("mode") !== "id_res") refuse(`mode ${field("mode") || "missing"}`);
  if (field("op_endpoint") !== deps.provider.endpoint) refuse("op_endpoint is not the configured endpoint");

  const claimedId = field("claimed_id");
  if (claimedId !== field("identity")) refuse("claimed_id differs from identity");
  const steamId = new RegExp(`^${escapeRegExp(deps.provider.idPrefix)}(\\d{17})$`).exec(claimedId)?.[1];
  if (!steamId) refuse("claimed_id is not a Steam id");

  const signed = new Set(field("signed").split(","));
  for (const name of requiredSignedFields) {
    if (!signed.has(name) || !query.has(`openid.${name}`)) refuse(`${name} not signed`);
  }

  let returnTo: URL | undefined;
  try {
    returnTo = new URL(field("return_to"));
  } catch {
    refuse("return_to is not a URL");
  }
  if (`${returnTo!.origin}${returnTo!.pathname}` !== steamCallbackUrl(deps.publicUrl))
    refuse("return_to is not our callback");
  if (returnTo!.searchParams.get("state") !== state || query.get("state") !== state)
    refuse("return_to does not carry this sign-in's state");

  const nonce = field("response_nonce");
  const stamp = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)\S{0,255}$/.exec(nonce)?.[1];
  const issuedAt = stamp ? Date.parse(stamp) : Number.NaN;
  if (!(issuedAt > now.getTime() - nonceMaxAgeMs && issuedAt < now.getTime() + nonceSkewMs))
    refuse("response_nonce is stale or malformed");
  // Recorded before Steam is asked, so two concurrent replays cannot both pass.
  const fresh = await deps.db
    .insert(openidNonces)
    .values({ nonce: `${deps.provider.endpoint} ${nonce}`, expiresAt: new Date(issuedAt + nonceMaxAgeMs) })
    .onConflictDoNothing()
    .returning({ nonce: openidNonces.nonce });
  if (fresh.length === 0) refuse("response_nonce replayed");

  // Direct verification (OpenID 2.0 §11.4.2): the same fields back to the endpoint.
  const body = new URLSearchParams();
  for (const [key, value] of query) if (key.startsWith("openid.")) body.set(key, value);
  body.set("openid.mode", "check_authentication");
  let answer = "";
  try {
    const res = await fetch(deps.provider.endpoint, {
      method: "POST",
      body,
      headers: { Accept: "text/plain" },
      redirect: "error",
      signal: AbortSignal.timeout(verifyTimeoutMs),
    });
    answer = res.ok ? await res.text() : "";
  } catch {
    refuse("check_authentication unreachable");
  }
  const lines = answer.split("\n").map((line) => line.trim());
  if (!lines.includes("is_valid:true")) refuse("check_authentication did not answer is_valid:true");
  return steamId!;
}
