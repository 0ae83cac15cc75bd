import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { changeTree, problemsOf } from "./content-test-kit";
import { parseContentTree } from "./parse-tree.server";
import { type ContentFiles, readContentFiles } from "./read-tree.server";

const contentDir = path.resolve("content");
let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(contentDir);
});

const withChanges = (changes: Record<string, string | null>) => changeTree(real, changes);

/** Edits a YAML file of the real tree as data. */
function editYaml(file: string, edit: (data: Record<string, unknown>) => void): Record<string, string> {
  const data = YAML.parse(real.files.get(file)!.text);
  edit(data);
  return { [file]: YAML.stringify(data) };
}

describe("parseContentTree on the studio's content", () => {
  it("accepts the real tree", () => {
    const tree = parseContentTree(real);
    expect(tree.offices.map((o) => o.data.slug).sort()).toEqual([
      "barcelona",
      "dublin",
      "gent",
      "guildford",
      "kuala-lumpur",
      "quebec",
      "warsaw",
    ]);
    expect(
      tree.offices
        .filter((o) => o.data.inEu)
        .map((o) => o.data.slug)
        .sort(),
    ).toEqual(["barcelona", "dublin", "gent", "warsaw"]);
  });

  it("has the vocabularies of SPEC §3", () => {
    const tree = parseContentTree(real);
    const labels = (kind: string) =>
      tree.taxonomy.find((t) => t.data.kind === kind)!.data.terms.map((t) => t.label.en);
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

  it("has the FAQ the pages promise: 9 internship questions, 8-10 playtesting, 3-4 support categories", () => {
    const tree = parseContentTree(real);
    const sectionOf = new Map(tree.faqCategories.map((c) => [c.data.slug, c.data.section]));
    const count = (section: string) =>
      tree.faqItems.filter((i) => sectionOf.get(i.data.category) === section).length;
    expect(count("internships")).toBe(9);
    expect(count("playtesting")).toBeGreaterThanOrEqual(8);
    expect(count("playtesting")).toBeLessThanOrEqual(10);
    const support = tree.faqCategories.filter((c) => c.data.section === "support");
    expect(support.length).toBeGreaterThanOrEqual(3);
    expect(support.length).toBeLessThanOrEqual(4);
    for (const category of support) {
      expect(
        tree.faqItems.filter((i) => i.data.category === category.data.slug).length,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it("has job offers across offices, teams, levels and commitments, with one that is closed", () => {
    const { jobs } = parseContentTree(real);
    expect(jobs.length).toBeGreaterThanOrEqual(6);
    expect(new Set(jobs.map((j) => j.data.office)).size).toBeGreaterThanOrEqual(5);
    expect(jobs.some((j) => j.data.commitment === "internship")).toBe(true);
    expect(jobs.some((j) => j.data.office === "quebec" && j.data.texts.fr && j.data.texts.en)).toBe(true);
    expect(jobs.some((j) => j.data.status === "closed")).toBe(true);
    for (const job of jobs) expect(job.data.publishedAt.startsWith("2026-")).toBe(true);
  });
});

describe("parseContentTree refuses bad content, naming file and field", () => {
  it("a missing field", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("offices/gent.yaml", (d) => {
          delete (d.address as Record<string, unknown>).postalCode;
        }),
      ),
    );
    expect(problems).toEqual(["content/offices/gent.yaml: address.postalCode: Required"]);
  });

  it("a missing language in a localized text", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("studio.yaml", (d) => {
          delete (d.tagline as Record<string, unknown>).fr;
        }),
      ),
    );
    expect(problems).toEqual(["content/studio.yaml: tagline.fr: Required"]);
  });

  it("a wrong value inside a list, with its index", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("studio.yaml", (d) => {
          (d.socialLinks as Array<Record<string, unknown>>)[1]!.url = "not a url";
        }),
      ),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\/studio\.yaml: socialLinks\[1\]\.url: /);
  });

  it("an unknown field (a typo) instead of ignoring it", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("games/tidebound.yaml", (d) => {
          d.platfroms = ["PC"];
        }),
      ),
    );
    expect(problems.join("\n")).toMatch(/content\/games\/tidebound\.yaml: \(file\): .*platfroms/);
  });

  it("YAML that does not parse", () => {
    const problems = problemsOf(withChanges({ "offices/dublin.yaml": "name: [unclosed\n" }));
    expect(problems[0]).toMatch(/^content\/offices\/dublin\.yaml: not valid YAML/);
  });

  it("an office whose inEu flag contradicts its country", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("offices/warsaw.yaml", (d) => {
          d.inEu = false;
        }),
      ),
    );
    expect(problems).toEqual(["content/offices/warsaw.yaml: inEu: Must be true for country PL"]);
  });

  it("an offer at an EU office without a salary", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("jobs/gent-senior-combat-designer/offer.yaml", (d) => {
          delete d.salary;
        }),
      ),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/jobs\/gent-senior-combat-designer\/offer\.yaml: salary: Required: offers at an EU office \(gent\)/,
    );
  });

  it("a salary whose maximum is below its minimum", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("jobs/warsaw-tools-programmer/offer.yaml", (d) => {
          (d.salary as Record<string, unknown>).max = 100;
        }),
      ),
    );
    expect(problems).toEqual([
      "content/jobs/warsaw-tools-programmer/offer.yaml: salary.max: Must be at least min",
    ]);
  });

  it("an offer at the Quebec office without French text", () => {
    const problems = problemsOf(withChanges({ "jobs/quebec-senior-gameplay-programmer/fr.md": null }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/jobs\/quebec-senior-gameplay-programmer\/fr\.md: \(file\): Required: offers at the Quebec office/,
    );
  });

  it("an offer naming an unknown office or team", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("jobs/dublin-gameplay-qa-tester/offer.yaml", (d) => {
          d.office = "paris";
          d.team = "catering";
        }),
      ),
    );
    expect(problems).toEqual([
      'content/jobs/dublin-gameplay-qa-tester/offer.yaml: office: Unknown office "paris" (no offices/paris.yaml)',
      'content/jobs/dublin-gameplay-qa-tester/offer.yaml: team: Unknown team "catering" (not in taxonomy/teams.yaml)',
    ]);
  });

  it("an offer text without its front matter fields", () => {
    const problems = problemsOf(
      withChanges({ "jobs/warsaw-tools-programmer/es.md": "---\ntitle: Programador\n---\n\nTexto.\n" }),
    );
    expect(problems).toEqual([
      "content/jobs/warsaw-tools-programmer/es.md: responsibilities: Required",
      "content/jobs/warsaw-tools-programmer/es.md: requirements: Required",
    ]);
  });

  it("a FAQ answer missing in one language", () => {
    const problems = problemsOf(withChanges({ "faq/internships/04-are-internships-paid.es.md": null }));
    expect(problems).toEqual([
      "content/faq/internships/04-are-internships-paid.es.md: file is missing (every FAQ answer is written in en, fr and es)",
    ]);
  });

  it("a FAQ answer with an empty body", () => {
    const problems = problemsOf(
      withChanges({ "faq/internships/04-are-internships-paid.fr.md": "---\ntitle: Rémunérés?\n---\n\n" }),
    );
    expect(problems).toEqual(["content/faq/internships/04-are-internships-paid.fr.md: (body): Required"]);
  });

  it("an award for a game that does not exist", () => {
    const problems = problemsOf(withChanges({ "games/tidebound.yaml": null }));
    expect(problems).toEqual([
      'content/home.yaml: awards[4].game: Unknown game "tidebound" (no games/tidebound.yaml)',
      // The game's patch notes (features/patches) name it too.
      ...["2.3.1", "2.3", "2.4"].map(
        (version) =>
          `content/patches/tidebound/${version}.yaml: (file): No game "tidebound" under content/games`,
      ),
      // So does its press kit (features/press).
      'content/press/tidebound/kit.yaml: game: Unknown game "tidebound" (no games/tidebound.yaml)',
    ]);
  });

  it("a home page with three value panels instead of four", () => {
    const problems = problemsOf(
      withChanges(
        editYaml("home.yaml", (d) => {
          (d.valuePanels as unknown[]).pop();
        }),
      ),
    );
    expect(problems).toEqual([
      "content/home.yaml: valuePanels: The home page shows exactly four value panels",
    ]);
  });

  it("a file the loader does not know, and a required file that is missing", () => {
    const problems = problemsOf(withChanges({ "offices/gent.yml": "x: 1\n", "taxonomy/levels.yaml": null }));
    expect(problems).toContain(
      "content/offices/gent.yml: unexpected file (see README.md in the content folder for the layout)",
    );
    expect(problems).toContain("content/taxonomy/levels.yaml: file is missing");
  });

  it("reports every problem of every file at once", () => {
    const problems = problemsOf(
      withChanges({
        ...editYaml("offices/gent.yaml", (d) => {
          d.latitude = 123;
        }),
        ...editYaml("games/tidebound.yaml", (d) => {
          d.platforms = [];
        }),
      }),
    );
    expect(problems).toHaveLength(2);
  });
});
