import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { password } from "~/platform/forms/fields";
import { apiSchemas } from "./account-forms";
import { checkNewPassword } from "./password-policy.server";

const rule = password();
const sha1 = (p: string) => crypto.createHash("sha1").update(p).digest("hex").toUpperCase();

/** A stand-in range service as a fetch function: answers suffixes for the asked prefix. */
function rangeService(known: string[], calls: string[] = []): typeof fetch {
  return (async (url: string) => {
    calls.push(String(url));
    const prefix = String(url).split("/").pop()!;
    const lines = known
      .map(sha1)
      .filter((h) => h.startsWith(prefix))
      .map((h) => `${h.slice(5)}:7`);
    return new Response(["0123456789ABCDEF0123456789ABCDEF012:0", ...lines].join("\r\n"));
  }) as typeof fetch;
}

describe("the password composition rule", () => {
  it.each(["Abcdefg1", "Kettle-Storm-42", "ÉtéÀQuébec2026"])("accepts %s", (value) => {
    expect(rule.safeParse(value).success).toBe(true);
  });
  it.each(["Abcdef1", "abcdefg1", "ABCDEFG1", "Abcdefgh", ""])("refuses %s", (value) => {
    expect(rule.safeParse(value).success).toBe(false);
  });
  it("accepts a 64-character passphrase", () => {
    const phrase = "Four words walk into a bar and order 2 rounds of tea, then leave".padEnd(64, "!");
    expect(phrase.length).toBe(64);
    expect(rule.safeParse(phrase).success).toBe(true);
  });
  it("needs the confirmation to be identical", () => {
    const base = { username: "ada_l", email: "a@example.com", dateOfBirth: "1990-01-01", tos: true };
    const ok = apiSchemas.create.safeParse({ ...base, password: "Abcdefg1", confirmPassword: "Abcdefg1" });
    expect(ok.success).toBe(true);
    const bad = apiSchemas.create.safeParse({ ...base, password: "Abcdefg1", confirmPassword: "Abcdefg2" });
    expect(bad.success).toBe(false);
  });
});

describe("common and breached passwords", () => {
  it("refuses a common password from the bundled list, without asking the service", async () => {
    const calls: string[] = [];
    const result = await checkNewPassword("Password123", {
      rangeUrl: "http://range.test",
      fetchImpl: rangeService([], calls),
    });
    expect(result).toEqual({ ok: false, reason: "common" });
    expect(calls).toEqual([]);
  });
  it("sends only the first 5 SHA-1 hex digits and matches the suffix locally", async () => {
    const calls: string[] = [];
    const fetchImpl = rangeService(["Tr0ub4dor&3x"], calls);
    expect(await checkNewPassword("Tr0ub4dor&3x", { rangeUrl: "http://range.test/", fetchImpl })).toEqual({
      ok: false,
      reason: "breached",
    });
    expect(calls).toEqual([`http://range.test/range/${sha1("Tr0ub4dor&3x").slice(0, 5)}`]);
    expect(await checkNewPassword("Kettle-Storm-42", { rangeUrl: "http://range.test", fetchImpl })).toEqual({
      ok: true,
    });
  });
  it("lets the password through when the service is down (the bundled list still applies)", async () => {
    const failing = (async () => {
      throw new Error("offline");
    }) as unknown as typeof fetch;
    expect(
      await checkNewPassword("Kettle-Storm-42", { rangeUrl: "http://range.test", fetchImpl: failing }),
    ).toEqual({
      ok: true,
    });
  });
  it("is off without a configured service", async () => {
    expect(await checkNewPassword("Kettle-Storm-42")).toEqual({ ok: true });
  });
});
