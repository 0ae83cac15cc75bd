/**
 * Third-party embeds (docs/decisions/0025-click-to-load-embeds.md): what each provider is called,
 * where its player is framed from, and how a content address becomes a player or a plain link.
 * Nothing here loads anything: the placeholder does, after a click.
 */

/** Providers a visitor may load (and remember): video players, and the contact page's map tiles. */
export const embedProviders = ["youtube", "twitch", "map"] as const;
export type EmbedProvider = (typeof embedProviders)[number];

/** The providers a trailer may come from. */
export type VideoProvider = Exclude<EmbedProvider, "map">;

/** A trailer as content names it, reduced to its provider and the provider's id for it. */
export type Trailer = { provider: VideoProvider; id: string };

/** Brand names: the same in every language. */
export const providerNames: Record<VideoProvider, string> = { youtube: "YouTube", twitch: "Twitch" };

/**
 * Where each video player is framed from: YouTube's privacy-enhanced host (no cookies until the
 * visitor plays), Twitch's player. The page's CSP allows exactly this origin in `frame-src`.
 */
export const playerOrigins: Record<VideoProvider, string> = {
  youtube: "https://www.youtube-nocookie.com",
  twitch: "https://player.twitch.tv",
};

const youtubeId = /^[\w-]{11}$/;
const twitchVideoId = /^\d{1,12}$/;

export function isEmbedProvider(value: unknown): value is EmbedProvider {
  return (embedProviders as readonly unknown[]).includes(value);
}

/**
 * A trailer's page on YouTube (`youtube.com/watch?v=…`, `youtu.be/…`, `youtube.com/embed/…`) or
 * Twitch (`twitch.tv/videos/…`), as the studio copies it from the address bar; null for any other
 * address (the content check refuses it).
 */
export function parseTrailerUrl(value: string): Trailer | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:") return null;
  const host = url.hostname.replace(/^(www|m)\./, "");
  const parts = url.pathname.split("/").filter(Boolean);
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const id = parts[0] === "watch" ? url.searchParams.get("v") : parts[0] === "embed" ? parts[1] : null;
    return id && youtubeId.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "youtu.be") {
    const id = parts[0];
    return id && youtubeId.test(id) ? { provider: "youtube", id } : null;
  }
  if (host === "twitch.tv" && parts[0] === "videos") {
    const id = parts[1];
    return id && twitchVideoId.test(id) && parts.length === 2 ? { provider: "twitch", id } : null;
  }
  return null;
}

/** The provider's own page for the trailer: the link offered before loading, and without JavaScript. */
export function watchUrl(trailer: Trailer): string {
  return trailer.provider === "youtube"
    ? `https://www.youtube.com/watch?v=${trailer.id}`
    : `https://www.twitch.tv/videos/${trailer.id}`;
}

/**
 * The player's address, started playing (the visitor just pressed Load), or not (`autoplay:
 * false`: the embed address structured data names). Twitch requires the embedding page's host
 * name as `parent`.
 */
export function playerUrl(trailer: Trailer, pageHost: string, { autoplay = true } = {}): string {
  if (trailer.provider === "youtube") {
    return `${playerOrigins.youtube}/embed/${trailer.id}?${autoplay ? "autoplay=1&" : ""}rel=0`;
  }
  const params = new URLSearchParams({
    video: `v${trailer.id}`,
    parent: pageHost,
    autoplay: String(autoplay),
  });
  return `${playerOrigins.twitch}/?${params}`;
}

/** "https://{s}.tile.example/{z}/{x}/{y}.png" → "tile.example": the map provider's name as shown. */
export function tileHostName(template: string): string {
  const host = template.split("://")[1]?.split("/")[0] ?? "";
  return host.replace(/^\{s\}\./, "");
}
