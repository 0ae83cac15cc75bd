import { z } from "zod";
import type { Config } from "~/platform/config.server";
import type { Logger } from "~/platform/logging.server";

const timeoutMs = 3000;

/** The part of ISteamUser/GetPlayerSummaries/v2 we read (a public profile's persona name). */
const summariesSchema = z.object({
  response: z.object({
    players: z.array(z.object({ steamid: z.string(), personaname: z.string() }).loose()),
  }),
});

/**
 * The Steam persona name of a SteamID64, for the account page: Steam's OpenID answer names no
 * one, its Web API does. Off without `STEAM_WEB_API_URL` and `STEAM_WEB_API_KEY`; any failure
 * (down, slow, unknown id, unexpected shape) gives undefined and the SteamID64 is shown, since a
 * name is a nicety and must never block the link.
 */
export async function steamPersonaName(
  config: Pick<Config, "STEAM_WEB_API_URL" | "STEAM_WEB_API_KEY">,
  steamId: string,
  logger: Pick<Logger, "warn">,
): Promise<string | undefined> {
  if (!config.STEAM_WEB_API_URL || !config.STEAM_WEB_API_KEY) return undefined;
  const url = new URL("ISteamUser/GetPlayerSummaries/v2/", `${config.STEAM_WEB_API_URL.replace(/\/$/, "")}/`);
  url.searchParams.set("key", config.STEAM_WEB_API_KEY);
  url.searchParams.set("steamids", steamId);
  try {
    const res = await fetch(url, {
      headers: { Accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    const parsed = summariesSchema.parse(await res.json());
    const name = parsed.response.players.find((p) => p.steamid === steamId)?.personaname.trim();
    return name ? name.slice(0, 100) : undefined;
  } catch (err) {
    // The key is in the URL: log the reason only.
    logger.warn({ reason: (err as Error)?.message }, "steam persona name unavailable");
    return undefined;
  }
}
