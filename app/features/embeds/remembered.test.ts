import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  forgetAllEmbeds,
  parseRemembered,
  REMEMBERED_EMBEDS_KEY,
  rememberedEmbeds,
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

  it("remembers a provider, withdraws it, and leaves no key once nothing is remembered", () => {
    expect(rememberedEmbeds()).toEqual([]);
    setRemembered("youtube", true);
    setRemembered("map", true);
    expect(rememberedEmbeds()).toEqual(["map", "youtube"]);
    expect(items.get(REMEMBERED_EMBEDS_KEY)).toBe('["map","youtube"]');
    setRemembered("youtube", false);
    expect(rememberedEmbeds()).toEqual(["map"]);
    forgetAllEmbeds();
    expect(rememberedEmbeds()).toEqual([]);
    expect(items.has(REMEMBERED_EMBEDS_KEY)).toBe(false);
  });

  it("reads anything else stored under its key as nothing remembered, or keeps only known providers", () => {
    expect(parseRemembered("{not json")).toEqual([]);
    expect(parseRemembered('{"youtube":true}')).toEqual([]);
    expect(parseRemembered('["twitch","vimeo","twitch",1]')).toEqual(["twitch"]);
  });
});
