import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filterSlugMaxLength, jobFilterValue } from "~/features/jobs";
import { alertCriteriaSchema } from "./alert-form";

const criteria = (team: unknown) => alertCriteriaSchema.safeParse({ name: "Mine", language: "en", team });

describe("an alert's filters", () => {
  const slugWord = fc.stringMatching(/^[a-z0-9]{1,30}$/);
  const slug = fc.array(slugWord, { minLength: 1, maxLength: 8 }).map((words) => words.join("-"));
  const value = fc
    .oneof(
      slug,
      fc.string({ maxLength: 130 }),
      slug.map((s) => s.padEnd(121, "x")),
    )
    .filter((raw) => raw.trim() !== "");

  it("accept exactly the values the careers filters accept", () => {
    fc.assert(
      fc.property(value, (raw) => {
        const accepted = jobFilterValue().safeParse(raw);
        const alert = criteria(raw);
        expect(alert.success).toBe(accepted.success);
        expect(alert.data?.team).toBe(accepted.success ? (accepted.data ?? null) : undefined);
      }),
    );
  });

  it("take a slug as long as the careers filters do", () => {
    const longest = `${"a".repeat(59)}-${"b".repeat(60)}`;
    expect(longest).toHaveLength(filterSlugMaxLength);
    expect(criteria(longest).data?.team).toBe(longest);
    expect(criteria(`${longest}c`).success).toBe(false);
  });

  it("read empty, 'all' and absent as any", () => {
    for (const empty of ["", "  ", "all", null, undefined]) expect(criteria(empty).data?.team).toBeNull();
  });
});
