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
import { faqCategoriesKind, faqItemsKind } from "./faq-kind.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

describe("the FAQ as content", () => {
  it("reads each category into its section and each answer into its category", () => {
    const tree = parseContentTree(real, contentKinds);
    const categories = unitsOf(tree, faqCategoriesKind);
    const items = unitsOf(tree, faqItemsKind);
    const sectionOf = new Map(categories.map((c) => [c.data.slug, c.data.section]));
    const count = (section: string) => items.filter((i) => sectionOf.get(i.data.category) === section).length;
    // The test content: three answers in each of its seven categories (one for internships,
    // two for playtesting, four for support).
    expect(count("internships")).toBe(3);
    expect(count("playtesting")).toBe(6);
    expect(count("support")).toBe(12);
    expect(categories.filter((c) => c.data.section === "support").map((c) => c.data.slug)).toEqual([
      "support-account",
      "support-feedback",
      "support-purchases",
      "support-technical",
    ]);
  });

  it("refuses an answer missing in one language", () => {
    const problems = problemsOf(
      changeTree(real, { "faq/internships/03-how-long-does-an-internship-last.es.md": null }),
      contentKinds,
    );
    expect(problems).toEqual([
      "content/faq/internships/03-how-long-does-an-internship-last.es.md: file is missing (every FAQ answer is written in en, fr and es)",
    ]);
  });

  it("refuses an answer with an empty body", () => {
    const problems = problemsOf(
      changeTree(real, {
        "faq/internships/03-how-long-does-an-internship-last.fr.md": "---\ntitle: Combien de temps?\n---\n\n",
      }),
      contentKinds,
    );
    expect(problems).toEqual([
      "content/faq/internships/03-how-long-does-an-internship-last.fr.md: (body): Required",
    ]);
  });

  it("refuses answers whose category file is gone", () => {
    const problems = problemsOf(changeTree(real, { "faq/internships/category.yaml": null }), contentKinds);
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems)).toEqual(
      new Set(["content/faq/internships/category.yaml: file is missing (the FAQ answers beside it need it)"]),
    );
  });
});
