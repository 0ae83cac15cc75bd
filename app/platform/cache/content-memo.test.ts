import { describe, expect, it } from "vitest";
import { createContentMemo } from "./content-memo.server";

describe("content memo", () => {
  it("answers a repeated key from memory until the content version changes", async () => {
    let version = "v1";
    let calls = 0;
    const memo = createContentMemo({ version: async () => version, ttlMs: 60_000, maxEntries: 10 });
    const compute = async () => ++calls;
    expect(await memo("k", compute)).toBe(1);
    expect(await memo("k", compute)).toBe(1);
    version = "v2";
    expect(await memo("k", compute)).toBe(2);
  });

  it("runs concurrent misses once, forgets failures and keeps at most maxEntries", async () => {
    let calls = 0;
    const memo = createContentMemo({ version: async () => "v", ttlMs: 60_000, maxEntries: 2 });
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    expect(await Promise.all([memo("a", slow), memo("a", slow)])).toEqual([1, 1]);
    await expect(memo("bad", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await memo("bad", async () => "recovered")).toBe("recovered");
    await memo("c", slow); // evicts the oldest ("a")
    expect(await memo("a", slow)).toBe(3);
  });

  it("can freeze what it stores, so one caller's edit cannot change another's answer", async () => {
    const memo = createContentMemo({ version: async () => "v", ttlMs: 60_000, maxEntries: 10, freeze: true });
    const studio = await memo("studio", async () => ({ name: "Stormkettle", offices: [{ slug: "quebec" }] }));
    expect(() => {
      studio.offices[0]!.slug = "atlantis";
    }).toThrow(TypeError);
    expect((await memo("studio", async () => ({ name: "", offices: [{ slug: "" }] }))).offices[0]!.slug).toBe(
      "quebec",
    );
  });

  it("computes every time when switched off, still freezing, so edits fail outside production too", async () => {
    let calls = 0;
    const memo = createContentMemo({ version: async () => "v", ttlMs: 0, maxEntries: 10, freeze: true });
    await memo("k", async () => ({ calls: ++calls }));
    const answer = await memo("k", async () => ({ calls: ++calls }));
    expect(answer.calls).toBe(2);
    expect(Object.isFrozen(answer)).toBe(true);
  });
});
