import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  forgetAllEmbeds,
  parseRemembered,
  REMEMBERED_EMBEDS_KEY,
  REMEMBERED_EMBEDS_MAX_AGE_MS,
  rememberedEmbeds,
  rememberedUnder,
  setRemembered,
} from "./remembered";

/** A window with a localStorage of its own, as the browser gives (unit tests run in Node). */
function fakeWindow() {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  vi.stubGlobal("window", { localStorage, addEventListener() {}, removeEventListener() {} });
  return items;
}

describe("remembered embeds", () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = fakeWindow();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("remembers a provider under the policy's revision, withdraws it, and leaves no key once nothing is remembered", () => {
    expect(rememberedEmbeds("2")).toEqual([]);
    setRemembered("youtube", true, "2");
    setRemembered("map", true, "2");
    expect(rememberedEmbeds("2")).toEqual(["map", "youtube"]);
    expect(JSON.parse(items.get(REMEMBERED_EMBEDS_KEY)!)).toMatchObject({
      providers: ["map", "youtube"],
      revision: "2",
    });
    setRemembered("youtube", false, "2");
    expect(rememberedEmbeds("2")).toEqual(["map"]);
    forgetAllEmbeds();
    expect(rememberedEmbeds("2")).toEqual([]);
    expect(items.has(REMEMBERED_EMBEDS_KEY)).toBe(false);
  });

  it("ends with a new revision of the consent policy, and after as long as a choice in the banner lasts", () => {
    const now = Date.parse("2026-11-29T12:00:00Z");
    vi.useFakeTimers({ now, toFake: ["Date"] });
    try {
      setRemembered("youtube", true, "2-1a2b3c4d");
      const stored = parseRemembered(items.get(REMEMBERED_EMBEDS_KEY)!);
      expect(stored?.until).toBe(now + REMEMBERED_EMBEDS_MAX_AGE_MS);
      expect(rememberedUnder(stored, "2-1a2b3c4d", now)).toEqual(["youtube"]);
      // Another policy revision, or other outside providers: asked again.
      expect(rememberedUnder(stored, "3-1a2b3c4d", now)).toEqual([]);
      expect(rememberedUnder(stored, "2", now)).toEqual([]);
      expect(rememberedUnder(stored, null, now)).toEqual([]);
      expect(rememberedUnder(stored, "2-1a2b3c4d", now + REMEMBERED_EMBEDS_MAX_AGE_MS - 1)).toEqual([
        "youtube",
      ]);
      expect(rememberedUnder(stored, "2-1a2b3c4d", now + REMEMBERED_EMBEDS_MAX_AGE_MS)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reads anything else stored under its key as nothing remembered, or keeps only known providers", () => {
    expect(parseRemembered("{not json")).toBeNull();
    expect(parseRemembered('{"youtube":true}')).toBeNull();
    // The list this browser kept before choices had a revision: asked again.
    expect(parseRemembered('["youtube"]')).toBeNull();
    expect(parseRemembered('{"providers":["twitch","vimeo","twitch",1],"revision":"1","until":5}')).toEqual({
      providers: ["twitch"],
      revision: "1",
      until: 5,
    });
  });
});
