import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { isCrawler } from "./crawlers.server";

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("isCrawler", () => {
  it("tells a browser from a crawler as isbot does, asked once or again", () => {
    for (let asked = 0; asked < 2; asked++) {
      expect(isCrawler(chrome)).toBe(false);
      expect(isCrawler(googlebot)).toBe(true);
    }
  });

  it("answers as isbot for a missing header and for one too long to keep", () => {
    expect(isCrawler(undefined)).toBe(isbot(undefined));
    expect(isCrawler("")).toBe(isbot(""));
    const long = `${googlebot} ${"x".repeat(600)}`;
    expect(isCrawler(long)).toBe(true);
    expect(isCrawler(`${chrome} ${"x".repeat(600)}`)).toBe(false);
  });

  it("keeps answering right past the number of user agents it keeps", () => {
    for (let i = 0; i < 1200; i++) expect(isCrawler(`${i % 2 ? chrome : googlebot} ${i}`)).toBe(i % 2 === 0);
    expect(isCrawler(googlebot)).toBe(true);
  });
});
