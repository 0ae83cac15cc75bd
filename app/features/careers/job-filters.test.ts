import { describe, expect, it } from "vitest";
import { filtersFromSearch, knownFiltersOnly, searchFromFilters, unknownFilterKeys } from "./job-filters";

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
