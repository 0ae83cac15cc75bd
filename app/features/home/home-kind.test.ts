import { beforeAll, describe, expect, it } from "vitest";
import {
  type ContentFiles,
  changeTree,
  editYaml,
  problemsOf,
  readContentFiles,
} from "~/features/content/index.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

describe("the home page as content", () => {
  it("refuses three value panels instead of four", () => {
    const problems = problemsOf(
      changeTree(
        real,
        editYaml(real, "home.yaml", (d) => {
          (d.valuePanels as unknown[]).pop();
        }),
      ),
      contentKinds,
    );
    expect(problems).toEqual([
      "content/home.yaml: valuePanels: The home page shows exactly four value panels",
    ]);
  });

  it("refuses a slug used twice among the awards", () => {
    let first = "";
    const problems = problemsOf(
      changeTree(
        real,
        editYaml(real, "home.yaml", (d) => {
          const awards = d.awards as Array<{ slug: string }>;
          first = awards[0]!.slug;
          awards[1]!.slug = first;
        }),
      ),
      contentKinds,
    );
    expect(problems).toEqual([`content/home.yaml: awards[1].slug: Duplicate slug "${first}"`]);
  });
});
