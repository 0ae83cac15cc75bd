import { describe, expect, it } from "vitest";
import { isSlug, slugMaxLength, slugPattern, slugRegExp } from "./slug";

describe("slugs", () => {
  it("are lowercase words of letters and digits joined by single hyphens", () => {
    for (const ok of ["tidebound", "gent-office", "emberfall-tactics-2016", "a1"])
      expect(slugRegExp.test(ok), ok).toBe(true);
    for (const bad of ["", "Tidebound", "-a", "a-", "a--b", "a_b", "a b", "é", "a/b"])
      expect(slugRegExp.test(bad), bad).toBe(false);
  });

  it("can be captured inside a longer pattern", () => {
    expect(new RegExp(`^games/(${slugPattern})\\.yaml$`).exec("games/the-lantern-court.yaml")?.[1]).toBe(
      "the-lantern-court",
    );
  });

  it("as an address or parameter, stay within the one length limit", () => {
    expect(isSlug("a".repeat(slugMaxLength))).toBe(true);
    expect(isSlug("a".repeat(slugMaxLength + 1))).toBe(false);
    expect(isSlug("Tidebound")).toBe(false);
  });
});
