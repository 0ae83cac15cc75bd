/*
 * Linking and unlinking a platform: one use case each behind the account's platforms page and
 * the API's connect and disconnect, both counted against the page's form-tier counter.
 */
import { AccountError, type AccountUser, attempt } from "~/features/account/index.server";
import type { Outcome } from "~/platform/http/outcome";
import type { Language } from "~/platform/i18n/languages";
import { isPlatform, type Platform } from "./platform-config.server";
import { beginPlatformSignIn, disconnectPlatform, type PlatformDeps } from "./platform-flow.server";

/** The counter (`account-platforms`, per client) the page's form and the API's calls spend. */
export const platformsLimit = "platforms";

function knownPlatform(name: string): Platform {
  if (!isPlatform(name)) throw new AccountError(404, "UNSUPPORTED_PLATFORM");
  return name;
}

/** Starts linking `platform` to the signed-in account: where the browser goes, the state to keep. */
export function connectPlatform(
  deps: PlatformDeps,
  input: { platform: string; account: AccountUser; language: Language },
): Promise<Outcome<{ platform: Platform; redirect: string; state: string }>> {
  return attempt(async () => {
    const platform = knownPlatform(input.platform);
    const started = await beginPlatformSignIn(deps, { ...input, platform, purpose: "connect" });
    return { platform, ...started };
  });
}

/** Unlinks `platform` from the account (allowed even while the platform is off). */
export function unlinkPlatform(
  deps: PlatformDeps,
  account: AccountUser,
  platform: string,
): Promise<Outcome<{ platform: Platform }>> {
  return attempt(async () => {
    const known = knownPlatform(platform);
    await disconnectPlatform(deps, account, known);
    return { platform: known };
  });
}
