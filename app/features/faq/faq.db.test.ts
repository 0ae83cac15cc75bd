import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import type { Database, Db } from "~/platform/db/client.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { listFaq, listFaqGroups } from "./faq.server";

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await loadContent(db, testContent, contentKinds, { info: () => {}, warn: () => {} });
});

afterAll(async () => {
  await database.close();
});

describe("a section's FAQ", () => {
  it("listFaq returns a section's categories with their answers in order", async () => {
    const playtesting = await listFaq(db, "playtesting", "fr");
    expect(playtesting.map((c) => c.slug)).toEqual(["playtesting-about", "playtesting-taking-part"]);
    expect(playtesting[0]!.items[0]).toMatchObject({
      slug: "what-is-playtesting",
      title: "Qu'est-ce qu'un test de jeu?",
    });
    const eligibility = playtesting[1]!.items.find((i) => i.slug === "who-can-take-part-in-a-playtest")!;
    expect(eligibility.description).toContain("18");
    expect(typeof eligibility.id).toBe("number");
    const support = await listFaq(db, "support", "en");
    expect(support.map((c) => c.title)).toEqual(["Account", "Technical issues", "Purchases", "Feedback"]);
  });

  it("listFaqGroups gives the same answers rendered from Markdown to HTML", async () => {
    const [categories, groups] = await Promise.all([
      listFaq(db, "internships", "es"),
      listFaqGroups(db, "internships", "es"),
    ]);
    expect(groups.map((g) => g.items.map((i) => i.slug))).toEqual(
      categories.map((c) => c.items.map((i) => i.slug)),
    );
    expect(groups[0]!.items[0]!.html).toMatch(/^<p>/);
  });
});
