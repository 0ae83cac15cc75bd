import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("configuration", () => {
  it("has working defaults for a new user", () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.dataDir).toMatch(/data$/);
    expect(c.secureCookies).toBe(false);
  });

  it("caches public pages for a minute in production only, unless told otherwise", () => {
    expect(parseConfig({ NODE_ENV: "production" }).PAGE_CACHE_TTL_SECONDS).toBe(60);
    expect(parseConfig({ NODE_ENV: "development" }).PAGE_CACHE_TTL_SECONDS).toBe(0);
    expect(parseConfig({ NODE_ENV: "production", PAGE_CACHE_TTL_SECONDS: "0" }).PAGE_CACHE_TTL_SECONDS).toBe(
      0,
    );
    expect(parseConfig({ PAGE_CACHE_TTL_SECONDS: "120" }).PAGE_CACHE_TTL_SECONDS).toBe(120);
  });

  it("lets a CDN keep public answers for a minute and serve them stale for five, validated", () => {
    const c = parseConfig({});
    expect([c.CDN_MAX_AGE_SECONDS, c.CDN_STALE_SECONDS]).toEqual([60, 300]);
    expect(parseConfig({ CDN_MAX_AGE_SECONDS: "0" }).CDN_MAX_AGE_SECONDS).toBe(0);
    for (const env of [
      { CDN_MAX_AGE_SECONDS: "-1" },
      { CDN_MAX_AGE_SECONDS: "1.5" },
      { CDN_STALE_SECONDS: "x" },
    ])
      expect(() => parseConfig(env), JSON.stringify(env)).toThrow(ConfigError);
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("names every bad variable and why", () => {
    let error: unknown;
    try {
      parseConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SMTP_URL: "not a url" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL");
    expect(message).toContain("SMTP_URL");
    expect(message).toContain('"eighty"');
  });

  it("uses secure cookies behind an https public address", () => {
    const c = parseConfig({ PUBLIC_URL: "https://studio.example/" });
    expect(c.secureCookies).toBe(true);
    expect(c.publicUrl).toBe("https://studio.example");
  });
});
