import { describe, expect, it } from "vitest";
import { z } from "zod";
import { slugMaxLength } from "./slug";
import { slugSchema } from "./slug-schema";

const messages = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe("slugSchema", () => {
  it("accepts the slugs and refuses the rest with the caller's message", () => {
    const schema = slugSchema("Invalid slug");
    for (const ok of ["tidebound", "gent-office", "a1", "a".repeat(slugMaxLength)])
      expect(schema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["", "Tidebound", "-a", "a-", "a--b", "a_b", "a b", "é", "a/b"])
      expect(messages(schema, bad), bad).toEqual(["Invalid slug"]);
  });

  it("checks the length before the pattern, with Zod's message unless told", () => {
    const tooLong = `${"a".repeat(slugMaxLength)}-`;
    expect(messages(slugSchema("Invalid game"), tooLong)).toEqual([
      z.string().max(slugMaxLength).safeParse(tooLong).error?.issues[0]?.message,
      "Invalid game",
    ]);
    expect(messages(slugSchema("bad", { max: 3, tooLong: "long" }), "abcd")).toEqual(["long"]);
  });

  it("has no length limit for content fields and trims a form's value when asked", () => {
    expect(slugSchema("bad", { max: false }).safeParse("a".repeat(slugMaxLength * 2)).success).toBe(true);
    expect(slugSchema("bad", { trim: true }).parse(" tidebound ")).toBe("tidebound");
    expect(messages(slugSchema("bad"), " tidebound ")).toEqual(["bad"]);
  });
});
