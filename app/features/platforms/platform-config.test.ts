import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/platform/config.server";
import { identityFrom } from "./oauth-platform.server";
import { configuredPlatforms, platformsCspExtras } from "./platform-config.server";

const twitch = {
  TWITCH_AUTH_URL: "https://id.twitch.tv/oauth2/authorize",
  TWITCH_TOKEN_URL: "https://id.twitch.tv/oauth2/token",
  TWITCH_USERINFO_URL: "https://api.twitch.tv/helix/users",
  TWITCH_CLIENT_ID: "client",
  TWITCH_CLIENT_SECRET: "secret",
};

describe("platform configuration", () => {
  it("turns a platform on only with all its variables, and allows its origin as a form target", () => {
    expect(configuredPlatforms(parseConfig({}))).toEqual([]);
    const { TWITCH_CLIENT_SECRET: _, ...half } = twitch;
    expect(configuredPlatforms(parseConfig(half))).toEqual([]);
    const config = parseConfig({ ...twitch, STEAM_OPENID_URL: "https://steamcommunity.com/openid/login" });
    expect(configuredPlatforms(config)).toEqual(["steam", "twitch"]);
    expect(platformsCspExtras(config)).toEqual({
      formAction: ["https://steamcommunity.com", "https://id.twitch.tv"],
    });
  });

  it("refuses plain http for a provider, except a loopback stand-in", () => {
    expect(() => parseConfig({ ...twitch, TWITCH_TOKEN_URL: "http://id.twitch.tv/oauth2/token" })).toThrow(
      ConfigError,
    );
    expect(() => parseConfig({ STEAM_OPENID_URL: "http://127.0.0.1:9000/openid/login" })).not.toThrow();
  });
});

describe("user info shapes", () => {
  it("reads OpenID Connect, Twitch Helix, GOG and plain answers", () => {
    expect(identityFrom({ sub: "42", preferred_username: "ada" })).toEqual({
      externalId: "42",
      displayName: "ada",
    });
    expect(
      identityFrom({ data: [{ id: "141981764", login: "twitchdev", display_name: "TwitchDev" }] }),
    ).toEqual({
      externalId: "141981764",
      displayName: "TwitchDev",
    });
    expect(identityFrom({ userId: "4815", username: "gogger" })).toEqual({
      externalId: "4815",
      displayName: "gogger",
    });
    expect(identityFrom({ id: 7 })).toEqual({ externalId: "7", displayName: "7" });
    expect(identityFrom({ data: [] })).toBeUndefined();
    expect(identityFrom(null)).toBeUndefined();
  });
});
