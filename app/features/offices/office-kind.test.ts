import { beforeAll, describe, expect, it } from "vitest";
import {
  type ContentFiles,
  changeTree,
  editYaml,
  parseContentTree,
  problemsOf,
  readContentFiles,
  unitsOf,
} from "~/features/content/index.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { officesKind } from "./office-kind.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

describe("offices as content", () => {
  it("the studio's seven offices, four of them in the EU", () => {
    const offices = unitsOf(parseContentTree(real, contentKinds), officesKind);
    expect(offices.map((o) => o.data.slug).sort()).toEqual([
      "barcelona",
      "dublin",
      "gent",
      "guildford",
      "kuala-lumpur",
      "quebec",
      "warsaw",
    ]);
    expect(
      offices
        .filter((o) => o.data.inEu)
        .map((o) => o.data.slug)
        .sort(),
    ).toEqual(["barcelona", "dublin", "gent", "warsaw"]);
  });

  it("refuses an office whose inEu flag contradicts its country", () => {
    const problems = problemsOf(
      changeTree(
        real,
        editYaml(real, "offices/warsaw.yaml", (d) => {
          d.inEu = false;
        }),
      ),
      contentKinds,
    );
    expect(problems).toEqual(["content/offices/warsaw.yaml: inEu: Must be true for country PL"]);
  });

  it("refuses a tree without offices", () => {
    const none = Object.fromEntries(
      [...real.files.keys()].filter((file) => file.startsWith("offices/")).map((file) => [file, null]),
    );
    expect(problemsOf(changeTree(real, none), contentKinds)).toContain(
      "content/offices/: at least one office is required",
    );
  });
});
