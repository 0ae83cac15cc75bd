import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { filtersFromSearch, jobFilterValue } from "./job-filter-schema";
import { filterSlugMaxLength, knownFiltersOnly, searchFromFilters, unknownFilterKeys } from "./job-filters";
import { jobSearchParams } from "./job-search.server";

const choices = {
  location: [{ slug: "quebec" }, { slug: "gent" }],
  team: [{ slug: "programming" }],
  level: [{ slug: "senior" }],
  commitment: [{ slug: "full-time" }],
};

describe("careers filters from the address", () => {
  it("reads the spec's studio parameter as the location and ignores 'all' and junk", () => {
    const filters = filtersFromSearch(new URLSearchParams("studio=quebec&team=all&level=<b>&page=2"));
    expect(filters).toEqual({ location: "quebec", page: 2 });
  });

  it("drops values a stale link names that no office or term has any more", () => {
    const filters = filtersFromSearch(new URLSearchParams("location=atlantis&team=programming&query=Québec"));
    expect(unknownFilterKeys(filters, choices)).toEqual(["location"]);
    expect(knownFiltersOnly(filters, choices)).toEqual({ team: "programming", query: "Québec", page: 1 });
  });

  it("writes a canonical query string back", () => {
    expect(searchFromFilters({ team: "programming", location: "quebec", page: 1 })).toBe(
      "?location=quebec&team=programming",
    );
  });
});

describe("one slug rule for every filter", () => {
  const slugWord = fc.stringMatching(/^[a-z0-9]{1,30}$/);
  const slug = fc.array(slugWord, { minLength: 1, maxLength: 8 }).map((words) => words.join("-"));
  const value = fc.oneof(
    slug,
    fc.string({ maxLength: 130 }),
    slug.map((s) => s.padEnd(121, "x")),
  );

  it("the page keeps exactly the values the API accepts", () => {
    fc.assert(
      fc.property(value, (raw) => {
        const accepted = jobFilterValue().safeParse(raw);
        expect(filtersFromSearch(new URLSearchParams({ team: raw })).team).toBe(
          accepted.success ? accepted.data : undefined,
        );
        expect(jobSearchParams.safeParse({ team: raw }).success).toBe(accepted.success);
      }),
    );
  });

  it("accepts a slug of up to 120 characters and refuses a longer one", () => {
    const longest = `${"a".repeat(59)}-${"b".repeat(60)}`;
    expect(longest).toHaveLength(filterSlugMaxLength);
    expect(jobFilterValue().safeParse(longest).success).toBe(true);
    expect(jobFilterValue().safeParse(`${longest}c`).success).toBe(false);
    expect(jobSearchParams.safeParse({ team: `${longest}c` }).success).toBe(false);
    expect(filtersFromSearch(new URLSearchParams({ team: longest })).team).toBe(longest);
  });

  it("reads 'all' and nothing as no filter", () => {
    expect(jobFilterValue().parse("all")).toBeUndefined();
    expect(jobFilterValue().parse(undefined)).toBeUndefined();
  });
});
