import { eq } from "drizzle-orm";
import {
  type AccountDeps,
  AccountError,
  type AccountUser,
  accountDeps,
  accountUsers,
  type LoginResult,
  startSignIn,
} from "~/features/account/index.server";
import { defaultLanguage, isLanguage, type Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { newCodeVerifier, OAuthRefused, oauthIdentity, oauthRedirect } from "./oauth-platform.server";
import {
  type OAuthPlatform,
  type Platform,
  type PlatformsConfig,
  providerOf,
  signInPlatforms,
} from "./platform-config.server";
import { accountIdFor, addLink, hasLink, removeLink } from "./platform-links.server";
import { createState, type SignInPurpose, takeState } from "./sign-in-states.server";
import { SteamAssertionRefused, steamRedirect, verifySteamAssertion } from "./steam-openid.server";
import { steamPersonaName } from "./steam-profile.server";

export type PlatformDeps = AccountDeps & { config: AccountDeps["config"] & PlatformsConfig };

export const platformDeps = (svc: Services): PlatformDeps => ({ ...accountDeps(svc), config: svc.config });

function providerOrRefuse(deps: PlatformDeps, platform: Platform) {
  const provider = providerOf(deps.config, platform);
  // Off (its variables unset): the platform does not exist for this site.
  if (!provider) throw new AccountError(404, "UNSUPPORTED_PLATFORM");
  return provider;
}

/**
 * Starts a sign-in at the platform: to link it to the signed-in account (`connect`), or to sign
 * in with an identity linked before (`login`). Answers where the browser goes and the state to
 * keep in its cookie.
 */
export async function beginPlatformSignIn(
  deps: PlatformDeps,
  input: { platform: Platform; purpose: SignInPurpose; account?: AccountUser; language: Language },
  now = new Date(),
): Promise<{ redirect: string; state: string }> {
  const provider = providerOrRefuse(deps, input.platform);
  if (input.purpose === "login" && !signInPlatforms.includes(input.platform))
    throw new AccountError(404, "UNSUPPORTED_PLATFORM");
  if (input.purpose === "connect") {
    if (!input.account) throw new AccountError(401, "NEEDS_LOGIN_REFRESH");
    if (await hasLink(deps.db, input.account.id, input.platform))
      throw new AccountError(409, "PLATFORM_ALREADY_LINKED");
  }
  const codeVerifier = provider.kind === "oauth" ? newCodeVerifier() : null;
  const state = await createState(
    deps.db,
    {
      platform: input.platform,
      purpose: input.purpose,
      accountId: input.purpose === "connect" ? input.account!.id : null,
      codeVerifier,
      language: input.language,
    },
    now,
  );
  const redirect =
    provider.kind === "openid"
      ? steamRedirect(provider, deps.config.publicUrl, state)
      : await oauthRedirect(
          provider,
          deps.config.publicUrl,
          input.platform as OAuthPlatform,
          state,
          codeVerifier!,
        );
  return { redirect, state };
}

export type PlatformOutcome =
  | { purpose: "connect"; language: Language; linked: Platform }
  | { purpose: "login"; language: Language; signIn: LoginResult };

/** A refused callback, with where its visitor goes back to (the page of the purpose they started). */
export class PlatformSignInError extends AccountError {
  constructor(
    status: number,
    code: string,
    readonly purpose: SignInPurpose,
    readonly language: Language,
  ) {
    super(status, code);
  }
}

/**
 * The platform's answer (the callback's query). The state must be this browser's (its cookie)
 * and is spent whatever follows; a link needs the account that started it still signed in.
 * Then the identity is verified with the platform, and linked or signed in.
 */
export async function completePlatformSignIn(
  deps: PlatformDeps,
  input: {
    platform: Platform;
    query: URLSearchParams;
    cookieState: string | undefined;
    signedInAccountId: string | undefined;
  },
  now = new Date(),
): Promise<PlatformOutcome> {
  const provider = providerOrRefuse(deps, input.platform);
  const state = input.query.get("state") ?? undefined;
  const row = await takeState(deps.db, input.platform, state, now);
  const purpose: SignInPurpose = row?.purpose ?? "connect";
  const language = isLanguage(row?.language) ? row.language : defaultLanguage;
  const fail = (status: number, code: string): never => {
    throw new PlatformSignInError(status, code, purpose, language);
  };
  const failedCode = purpose === "connect" ? "ACCOUNT_LINK_ERROR" : "ACCOUNT_LOGIN_ERROR";
  if (!row || !state || input.cookieState !== state) return fail(400, failedCode);
  if (purpose === "connect" && (!row.accountId || row.accountId !== input.signedInAccountId))
    return fail(401, "NEEDS_LOGIN_REFRESH");

  let identity: { externalId: string; displayName: string };
  try {
    if (provider.kind === "openid") {
      const steamId = await verifySteamAssertion(
        { db: deps.db, provider, publicUrl: deps.config.publicUrl },
        input.query,
        state,
        now,
      );
      // Steam's OpenID answer names no one: the persona name comes from its Web API when
      // configured, else the account page shows the SteamID64.
      const name = await steamPersonaName(deps.config, steamId, deps.logger);
      identity = { externalId: steamId, displayName: name ?? steamId };
    } else {
      identity = await oauthIdentity(
        provider,
        deps.config.publicUrl,
        input.platform as OAuthPlatform,
        input.query,
        state,
        row.codeVerifier ?? "",
      );
    }
  } catch (err) {
    if (!(err instanceof SteamAssertionRefused || err instanceof OAuthRefused)) throw err;
    deps.logger.warn({ platform: input.platform, reason: err.message }, "platform sign-in refused");
    return fail(400, failedCode);
  }

  if (purpose === "connect") {
    try {
      await addLink(deps.db, { accountId: row.accountId!, platform: input.platform, ...identity }, now);
    } catch (err) {
      if (err instanceof AccountError) return fail(err.status, err.code);
      throw err;
    }
    return { purpose, language, linked: input.platform };
  }
  const accountId = await accountIdFor(deps.db, input.platform, identity.externalId);
  const [user] = accountId
    ? await deps.db.select().from(accountUsers).where(eq(accountUsers.id, accountId))
    : [];
  if (!user) return fail(404, "PLATFORM_NOT_LINKED");
  try {
    return { purpose, language, signIn: await startSignIn(deps, user, now) };
  } catch (err) {
    if (err instanceof AccountError) return fail(err.status, err.code);
    throw err;
  }
}

/**
 * disconnect (docs/requirements.md#linked-platforms-and-merch): allowed even when the platform is
 * off, so its data can always go.
 */
export function disconnectPlatform(deps: PlatformDeps, account: AccountUser, platform: Platform) {
  return removeLink(deps.db, account.id, platform);
}
