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
import { jobsKind } from "./job-kind.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

const edited = (file: string, edit: (data: Record<string, unknown>) => void) =>
  changeTree(real, editYaml(real, file, edit));

describe("job offers as content", () => {
  it("reads every offer with its office, commitment, texts and status", () => {
    const jobs = unitsOf(parseContentTree(real, contentKinds), jobsKind);
    // The test content's eight offers, at five offices.
    expect(jobs).toHaveLength(8);
    expect(new Set(jobs.map((j) => j.data.office))).toEqual(
      new Set(["barcelona", "dublin", "gent", "quebec", "warsaw"]),
    );
    expect(jobs.some((j) => j.data.commitment === "internship")).toBe(true);
    expect(jobs.some((j) => j.data.office === "quebec" && j.data.texts.fr && j.data.texts.en)).toBe(true);
    expect(jobs.some((j) => j.data.status === "closed")).toBe(true);
    for (const job of jobs) expect(job.data.publishedAt.startsWith("2026-")).toBe(true);
  });

  it("refuses an offer at an EU office without a salary", () => {
    const problems = problemsOf(
      edited("jobs/gent-senior-combat-designer/offer.yaml", (d) => {
        delete d.salary;
      }),
      contentKinds,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/jobs\/gent-senior-combat-designer\/offer\.yaml: salary: Required: offers at an EU office \(gent\)/,
    );
  });

  it("refuses a salary whose maximum is below its minimum", () => {
    const problems = problemsOf(
      edited("jobs/warsaw-tools-programmer/offer.yaml", (d) => {
        (d.salary as Record<string, unknown>).max = 100;
      }),
      contentKinds,
    );
    expect(problems).toEqual([
      "content/jobs/warsaw-tools-programmer/offer.yaml: salary.max: Must be at least min",
    ]);
  });

  it("refuses an offer at the Quebec office without French text", () => {
    const problems = problemsOf(
      changeTree(real, { "jobs/quebec-senior-gameplay-programmer/fr.md": null }),
      contentKinds,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^content\/jobs\/quebec-senior-gameplay-programmer\/fr\.md: \(file\): Required: offers at the Quebec office/,
    );
  });

  it("refuses an offer naming an unknown office or team", () => {
    const problems = problemsOf(
      edited("jobs/dublin-gameplay-qa-tester/offer.yaml", (d) => {
        d.office = "paris";
        d.team = "catering";
      }),
      contentKinds,
    );
    expect(problems).toEqual([
      'content/jobs/dublin-gameplay-qa-tester/offer.yaml: office: Unknown office "paris" (no offices/paris.yaml)',
      'content/jobs/dublin-gameplay-qa-tester/offer.yaml: team: Unknown team "catering" (not in taxonomy/teams.yaml)',
    ]);
  });

  it("names an unknown office only once when its file exists but is broken", () => {
    const problems = problemsOf(
      changeTree(real, { "offices/dublin.yaml": "name: [unclosed\n" }),
      contentKinds,
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^content\/offices\/dublin\.yaml: not valid YAML/);
  });

  it("refuses an offer text without its front matter fields", () => {
    const problems = problemsOf(
      changeTree(real, { "jobs/warsaw-tools-programmer/es.md": "---\ntitle: Programador\n---\n\nTexto.\n" }),
      contentKinds,
    );
    expect(problems).toEqual([
      "content/jobs/warsaw-tools-programmer/es.md: responsibilities: Required",
      "content/jobs/warsaw-tools-programmer/es.md: requirements: Required",
    ]);
  });
});
