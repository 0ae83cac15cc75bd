import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderMarkup, tags } from "~/ui/forms/test-markup";
import { KnownIssueSuggestions, knownIssuesSeenField } from "./KnownIssueSuggestions";
import type { KnownIssueView } from "./known-issue-search";

const crash: KnownIssueView = {
  slug: "crash-on-load",
  game: "tidebound",
  platforms: null,
  status: "investigating",
  patch: null,
  patchNotes: null,
  publishedOn: "2026-01-01",
  title: "The game crashes while loading",
  text: "We are looking into it.",
  affected: 3,
};

function ReportPage() {
  return (
    <KnownIssueSuggestions
      formId="report"
      games={[{ value: "tidebound", label: "Tidebound" }]}
      initial={[crash]}
    />
  );
}
const Stub = createRoutesStub([{ path: "/support/report", Component: ReportPage }]);

describe("KnownIssueSuggestions", () => {
  it("renders, on the server, the version a player without JavaScript uses", () => {
    const markup = renderMarkup(<Stub initialEntries={["/support/report"]} />);
    // Without scripts the player has not seen the suggestions as they typed: no "seen" field.
    expect(tags(markup).filter((tag) => tag.attributes.name === knownIssuesSeenField)).toEqual([]);
    expect(markup).toContain("Before we send your report: these known issues match what you wrote.");
    expect(markup).toContain('data-known-issue="crash-on-load"');
  });
});
