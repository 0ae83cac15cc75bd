import type { Config } from "~/platform/config.server";
import type { PageCspExtras } from "~/platform/security/headers.server";
import { platformOrder as allPlatforms, type Platform } from "./platform-names";

export type { Platform };
export type OAuthPlatform = Exclude<Platform, "steam">;

export type SteamProvider = { kind: "openid"; endpoint: string; idPrefix: string };
export type OAuthProvider = {
  kind: "oauth";
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
};
export type Provider = SteamProvider | OAuthProvider;

export type PlatformsConfig = Pick<Config, "publicUrl" | "STEAM_OPENID_URL" | "STEAM_OPENID_ID_PREFIX"> &
  Partial<Pick<Config, "STEAM_WEB_API_URL" | "STEAM_WEB_API_KEY">> &
  Partial<
    Pick<
      Config,
      `${"TWITCH" | "GALAXY" | "GGP"}_${"AUTH_URL" | "TOKEN_URL" | "USERINFO_URL" | "CLIENT_ID" | "CLIENT_SECRET"}`
    >
  >;

const envPrefix = { twitch: "TWITCH", galaxy: "GALAXY", ggp: "GGP" } as const;

export const isPlatform = (value: unknown): value is Platform => allPlatforms.includes(value as Platform);

/**
 * docs/requirements.md#linked-platforms-and-merch: Steam, GGP and Galaxy offer sign-in; Twitch is
 * for linking only.
 */
export const signInPlatforms: readonly Platform[] = ["steam", "galaxy", "ggp"];

/**
 * The platform's provider, or undefined when it is off: Steam needs its OpenID endpoint, an
 * OAuth platform all five of its variables (a half-configured one stays off).
 */
export function providerOf(config: PlatformsConfig, platform: Platform): Provider | undefined {
  if (platform === "steam") {
    return config.STEAM_OPENID_URL
      ? { kind: "openid", endpoint: config.STEAM_OPENID_URL, idPrefix: config.STEAM_OPENID_ID_PREFIX }
      : undefined;
  }
  const p = envPrefix[platform];
  const authUrl = config[`${p}_AUTH_URL`];
  const tokenUrl = config[`${p}_TOKEN_URL`];
  const userinfoUrl = config[`${p}_USERINFO_URL`];
  const clientId = config[`${p}_CLIENT_ID`];
  const clientSecret = config[`${p}_CLIENT_SECRET`];
  if (!authUrl || !tokenUrl || !userinfoUrl || !clientId || !clientSecret) return undefined;
  return { kind: "oauth", authUrl, tokenUrl, userinfoUrl, clientId, clientSecret };
}

export const configuredPlatforms = (config: PlatformsConfig): Platform[] =>
  allPlatforms.filter((platform) => providerOf(config, platform));

/**
 * A form on our pages posts, and the answer redirects to the platform's sign-in page: CSP
 * `form-action` applies to that redirect too, so the platforms' origins are allowed there.
 */
export function platformsCspExtras(config: PlatformsConfig): PageCspExtras {
  const origins = configuredPlatforms(config).map((platform) => {
    const provider = providerOf(config, platform)!;
    return new URL(provider.kind === "openid" ? provider.endpoint : provider.authUrl).origin;
  });
  return origins.length ? { formAction: [...new Set(origins)] } : {};
}
