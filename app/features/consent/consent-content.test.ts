import { beforeAll, describe, expect, it } from "vitest";
import {
  type ContentFiles,
  changeTree,
  parseContentTree,
  problemsOf,
  readContentFiles,
  unitsOf,
} from "~/features/content/index.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { consentKind } from "./consent-kind.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

describe("the consent policy in the content tree", () => {
  it("reads the revision from content/consent.yaml", () => {
    const [policy] = unitsOf(parseContentTree(real, contentKinds), consentKind);
    expect(policy?.data.revision).toBeGreaterThanOrEqual(1);
    const raised = changeTree(real, { "consent.yaml": "revision: 7\n" });
    expect(unitsOf(parseContentTree(raised, contentKinds), consentKind)[0]?.data).toEqual({ revision: 7 });
  });

  it("refuses a missing file, a revision that is not a whole number from 1, and unknown fields", () => {
    expect(problemsOf(changeTree(real, { "consent.yaml": null }), contentKinds)).toContain(
      "content/consent.yaml: file is missing",
    );
    for (const text of ["revision: 0\n", "revision: 1.5\n", "revision: two\n", "revision: 2\nextra: 1\n"]) {
      expect(problemsOf(changeTree(real, { "consent.yaml": text }), contentKinds).join("\n"), text).toMatch(
        /^content\/consent\.yaml: /,
      );
    }
  });
});
