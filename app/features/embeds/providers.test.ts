import { describe, expect, it } from "vitest";
import { parseTrailerUrl, playerUrl, tileHostName, watchUrl } from "./providers";
import { trailerUrl } from "./trailer-field";

describe("parseTrailerUrl", () => {
  it("reads a YouTube video from the addresses people copy", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=Hq3vT7bNd2A",
      "https://youtube.com/watch?v=Hq3vT7bNd2A&t=12s",
      "https://m.youtube.com/watch?v=Hq3vT7bNd2A",
      "https://youtu.be/Hq3vT7bNd2A",
      "https://www.youtube-nocookie.com/embed/Hq3vT7bNd2A",
    ]) {
      expect(parseTrailerUrl(url), url).toEqual({ provider: "youtube", id: "Hq3vT7bNd2A" });
    }
  });

  it("reads a Twitch video", () => {
    expect(parseTrailerUrl("https://www.twitch.tv/videos/2104719385")).toEqual({
      provider: "twitch",
      id: "2104719385",
    });
  });

  it("refuses anything else: other hosts, channels, plain http, malformed ids", () => {
    for (const url of [
      "https://vimeo.com/123456",
      "https://www.twitch.tv/stormkettle",
      "http://www.youtube.com/watch?v=Hq3vT7bNd2A",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com.evil.example/watch?v=Hq3vT7bNd2A",
      "https://www.youtube.com/watch?v=Hq3vT7bNd2A%22onload",
      "not a url",
    ]) {
      expect(parseTrailerUrl(url), url).toBeNull();
    }
    expect(trailerUrl.safeParse("https://vimeo.com/123456").success).toBe(false);
    expect(trailerUrl.safeParse("https://youtu.be/Hq3vT7bNd2A").success).toBe(true);
  });
});

describe("player and watch addresses", () => {
  it("plays YouTube from its privacy-enhanced host and links its own page", () => {
    const trailer = { provider: "youtube", id: "Hq3vT7bNd2A" } as const;
    expect(new URL(playerUrl(trailer, "studio.example")).origin).toBe("https://www.youtube-nocookie.com");
    expect(watchUrl(trailer)).toBe("https://www.youtube.com/watch?v=Hq3vT7bNd2A");
  });

  it("gives Twitch's player the page's host as parent", () => {
    const url = new URL(playerUrl({ provider: "twitch", id: "2104719385" }, "studio.example"));
    expect(url.origin).toBe("https://player.twitch.tv");
    expect(url.searchParams.get("parent")).toBe("studio.example");
    expect(url.searchParams.get("video")).toBe("v2104719385");
  });

  it("names a tile server by its host, without the subdomain placeholder", () => {
    expect(tileHostName("https://{s}.tile.example/{z}/{x}/{y}.png")).toBe("tile.example");
    expect(tileHostName("http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png")).toBe("127.0.0.1:4000");
  });
});
