import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";
import { parseFileStoreUrl } from "./files/file-store-url";

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

  it("leaves each periodic task its own period unless TASK_PERIOD_SECONDS (tests, staging) says one, validated", () => {
    expect(parseConfig({}).TASK_PERIOD_SECONDS).toBeUndefined();
    expect(parseConfig({ TASK_PERIOD_SECONDS: "2" }).TASK_PERIOD_SECONDS).toBe(2);
    for (const value of ["0", "-1", "1.5", "86401", "x"])
      expect(() => parseConfig({ TASK_PERIOD_SECONDS: value }), value).toThrow(ConfigError);
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

  it("keeps files on the local disk unless FILE_STORE_URL names an S3-compatible bucket", () => {
    expect(parseConfig({}).FILE_STORE_URL).toBeUndefined();
    const url = "s3://AKIA123:se%2Fcret@files.example:9000/studio-files/site-a?region=ca-central-1";
    expect(parseConfig({ FILE_STORE_URL: url }).FILE_STORE_URL).toBe(url);
    expect(parseFileStoreUrl(url)).toEqual({
      endpoint: "https://files.example:9000",
      bucket: "studio-files",
      prefix: "site-a/",
      region: "ca-central-1",
      accessKeyId: "AKIA123",
      secretAccessKey: "se/cret",
    });
    expect(parseFileStoreUrl("s3://k:s@127.0.0.1:4568/b-1?tls=false")).toMatchObject({
      endpoint: "http://127.0.0.1:4568",
      prefix: "",
      region: "us-east-1",
    });
  });

  it("takes backups only with an erasure journal key, never showing the key, the journal outside what backups copy", () => {
    const off = parseConfig({ DATA_DIR: "/srv/data" });
    expect(off.backupDir).toBeUndefined();
    expect(off.BACKUP_KEEP_DAYS).toBe(14);
    expect(off.erasureJournalDir).toBe("/srv/data/erasure-journal");

    const key = "k".repeat(32);
    const on = parseConfig({
      BACKUP_DIR: "/backups/studio",
      ERASURE_JOURNAL_KEY: key,
      BACKUP_KEEP_DAYS: "30",
    });
    expect(on).toMatchObject({
      backupDir: "/backups/studio",
      BACKUP_KEEP_DAYS: 30,
      ERASURE_JOURNAL_KEY: key,
    });

    expect(() => parseConfig({ BACKUP_DIR: "/backups/studio" })).toThrow(
      /ERASURE_JOURNAL_KEY: required with BACKUP_DIR/,
    );
    const short = "secret-too-short";
    let message = "";
    try {
      parseConfig({ ERASURE_JOURNAL_KEY: short });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/ERASURE_JOURNAL_KEY: at least 32 characters \(got "\(16 characters\)"\)/);
    expect(message).not.toContain(short);
    expect(() => parseConfig({ BACKUP_KEEP_DAYS: "0" })).toThrow(/BACKUP_KEEP_DAYS/);
  });

  it("refuses a bad FILE_STORE_URL at boot, saying why, without showing its secret", () => {
    const cases: Array<[string, RegExp]> = [
      ["not a url", /not a URL/],
      ["https://k:s@files.example/bucket", /must start with s3:\/\//],
      ["s3://files.example/bucket", /access key and secret/],
      ["s3://k:s@files.example", /names no bucket/],
      ["s3://k:s@files.example/Bad_Bucket", /not a bucket name/],
      ["s3://k:s@files.example/bucket/site%20a", /key prefix/],
      ["s3://k:s@files.example/bucket?tls=no", /tls must be true or false/],
      ["s3://k:s@files.example/bucket?secure=false", /unknown option secure/],
      ["s3://k:s@files.example/bucket?region=Not%20One", /not a region name/],
    ];
    for (const [value, why] of cases) {
      let error: unknown;
      try {
        parseConfig({ FILE_STORE_URL: value });
      } catch (e) {
        error = e;
      }
      expect(error, value).toBeInstanceOf(ConfigError);
      expect((error as Error).message, value).toMatch(/FILE_STORE_URL: /);
      expect((error as Error).message, value).toMatch(why);
    }
    let shown = "";
    try {
      parseConfig({ FILE_STORE_URL: "s3://AKIA123:topsecret@files.example/Bad_Bucket" });
    } catch (e) {
      shown = (e as Error).message;
    }
    expect(shown).toContain("files.example/Bad_Bucket");
    expect(shown).not.toContain("topsecret");
    expect(shown).not.toContain("AKIA123");
  });
});
