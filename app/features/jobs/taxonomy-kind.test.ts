import { describe, expect, it } from "vitest";
import { parseContentTree, readContentFiles, unitsOf } from "~/features/content/index.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { taxonomyKind } from "./taxonomy-kind.server";

describe("the job filters' vocabularies as content", () => {
  it("has the levels, commitments and teams the requirements list", async () => {
    const taxonomy = unitsOf(
      parseContentTree(await readContentFiles(testContent), contentKinds),
      taxonomyKind,
    );
    const labels = (kind: string) =>
      taxonomy.find((t) => t.data.kind === kind)!.data.terms.map((t) => t.label.en);
    expect(labels("level")).toEqual(["Junior", "Intermediate", "Senior", "Management", "Open Application"]);
    expect(labels("commitment").sort()).toEqual(
      ["Contract", "Freelance", "Full-time", "Internship", "Part-time", "Playtest"].sort(),
    );
    const teams = labels("team");
    for (const team of [
      "Animation",
      "Art",
      "Audio",
      "Cinematics",
      "Combat",
      "Design",
      "Engine Programming",
      "Finance",
      "Gameplay Programming",
      "HR & Recruitment",
      "Information Technology",
      "Level Design",
      "Production",
      "Programming",
      "Publishing",
      "Quality Assurance",
      "RPG Design",
      "Scripting",
      "Studio Support",
      "Systems Design",
      "Tools Programming",
      "UI/UX",
      "VFX",
      "Writing",
      "Machine Learning",
      "Network Engineer",
      "Gameplay QA",
      "Tech QA",
      "Technical Art",
      "Other",
    ]) {
      expect(teams).toContain(team);
    }
    // Filter labels are the filters' own words, never terms.
    expect(teams).not.toContain("All teams");
    expect(labels("level")).not.toContain("Any");
  });
});
