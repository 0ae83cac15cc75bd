import { beforeAll, describe, expect, it } from "vitest";
import {
  type ContentFiles,
  changeTree,
  parseContentTree,
  problemsOf,
  readContentFiles,
  unitsOf,
} from "~/features/content/index.server";
import { faqCategoriesKind, faqItemsKind } from "./faq-kind.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles("content");
});

describe("the FAQ as content", () => {
  it("has the FAQ the pages promise: 9 internship questions, 8-10 playtesting, 3-4 support categories", () => {
    const tree = parseContentTree(real);
    const categories = unitsOf(tree, faqCategoriesKind);
    const items = unitsOf(tree, faqItemsKind);
    const sectionOf = new Map(categories.map((c) => [c.data.slug, c.data.section]));
    const count = (section: string) => items.filter((i) => sectionOf.get(i.data.category) === section).length;
    expect(count("internships")).toBe(9);
    expect(count("playtesting")).toBeGreaterThanOrEqual(8);
    expect(count("playtesting")).toBeLessThanOrEqual(10);
    const support = categories.filter((c) => c.data.section === "support");
    expect(support.length).toBeGreaterThanOrEqual(3);
    expect(support.length).toBeLessThanOrEqual(4);
    for (const category of support) {
      expect(items.filter((i) => i.data.category === category.data.slug).length).toBeGreaterThanOrEqual(2);
    }
  });

  it("refuses an answer missing in one language", () => {
    const problems = problemsOf(changeTree(real, { "faq/internships/04-are-internships-paid.es.md": null }));
    expect(problems).toEqual([
      "content/faq/internships/04-are-internships-paid.es.md: file is missing (every FAQ answer is written in en, fr and es)",
    ]);
  });

  it("refuses an answer with an empty body", () => {
    const problems = problemsOf(
      changeTree(real, {
        "faq/internships/04-are-internships-paid.fr.md": "---\ntitle: Rémunérés?\n---\n\n",
      }),
    );
    expect(problems).toEqual(["content/faq/internships/04-are-internships-paid.fr.md: (body): Required"]);
  });

  it("refuses answers whose category file is gone", () => {
    const problems = problemsOf(changeTree(real, { "faq/internships/category.yaml": null }));
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems)).toEqual(
      new Set(["content/faq/internships/category.yaml: file is missing (the FAQ answers beside it need it)"]),
    );
  });
});
