import { describe, expect, it } from "vitest";
import { statusSources } from "./status-sources.server";
import { statusViews } from "./status-views";

describe("the status pages' sources", () => {
  it("list each source under the kind its feature gives its items, the links' kind", () => {
    const kinds = Object.entries(statusSources).map(([kind, source]) => [kind, source.personalData.kind]);
    expect(kinds).toEqual([
      ["application", "application"],
      ["contact", "contact"],
      ["issueReport", "issueReport"],
      ["playtest", "playtest"],
    ]);
  });

  it("have a view each, and no view without a source", () => {
    expect(Object.keys(statusViews).sort()).toEqual(Object.keys(statusSources).sort());
  });
});
