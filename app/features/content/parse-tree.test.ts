import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { changeTree, editYaml as editYamlOf, problemsOf } from "./content-test-kit";
import { parseContentTree, unitKeyOf } from "./parse-tree.server";
import { type ContentFiles, readContentFiles } from "./read-tree.server";

const contentDir = testContent;
const kinds = contentKinds;
let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(contentDir);
});

const withChanges = (changes: Record<string, string | null>) => changeTree(real, changes);
const editYaml = (file: string, edit: (data: Record<string, unknown>) => void) =>
  editYamlOf(real, file, edit);

describe("the content engine", () => {
  it("accepts the studio's content, every kind holding some of it", () => {
    const tree = parseContentTree(real, contentKinds);
    const empty = kinds.filter((kind) => (tree.get(kind.name) ?? []).length === 0).map((k) => k.name);
    expect(empty).toEqual([]);
  });

  it("gives each file of the studio's content to exactly one kind", () => {
    const claims = [...real.files.keys()]
      .filter((file) => file !== "README.md")
      .map((file) => ({
        file,
        kinds: kinds.filter((kind) => kind.unitKeyOf(file)).map((k) => k.name),
      }));
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.filter((claim) => claim.kinds.length !== 1)).toEqual([]);
    expect(new Set(kinds.map((kind) => kind.name)).size).toBe(kinds.length);
  });

  it("knows no feature: the site hands it the registry of kinds (server/content-kinds.ts)", () => {
    const dir = path.resolve("app/features/content");
    const sources = fs.readdirSync(dir).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
    expect(sources.length).toBeGreaterThan(5);
    const imports = sources.flatMap((file) =>
      [
        ...fs
          .readFileSync(path.join(dir, file), "utf8")
          .matchAll(/^(?:import|export)\b[^;]*?from\s+"([^"]+)"/gms),
      ].map((m) => `${file}: ${m[1]}`),
    );
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((line) => /: (~\/features\/|\.\.\/)/.test(line))).toEqual([]);
  });

  it("maps a removed file to its unit, so the unit is rewritten without it", () => {
    expect(unitKeyOf("jobs/quebec-senior-gameplay-programmer/es.md", contentKinds)).toBe(
      "job:quebec-senior-gameplay-programmer",
    );
    expect(unitKeyOf("faq/internships/04-are-internships-paid.fr.md", contentKinds)).toBe(
      "faq-item:are-internships-paid",
    );
    expect(unitKeyOf("offices/gent.yml", contentKinds)).toBeNull();
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
      contentKinds,
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
      contentKinds,
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
      contentKinds,
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
      contentKinds,
    );
    expect(problems.join("\n")).toMatch(/content\/games\/tidebound\.yaml: \(file\): .*platfroms/);
  });

  it("YAML that does not parse", () => {
    const problems = problemsOf(withChanges({ "offices/dublin.yaml": "name: [unclosed\n" }), contentKinds);
    expect(problems[0]).toMatch(/^content\/offices\/dublin\.yaml: not valid YAML/);
  });

  it("an award for a game that does not exist", () => {
    const problems = problemsOf(withChanges({ "games/tidebound.yaml": null }), contentKinds);
    expect(problems).toEqual([
      'content/home.yaml: awards[4].game: Unknown game "tidebound" (no games/tidebound.yaml)',
      // So do the FAQ answers, offers and playtest sessions that name it (its game page's lists).
      ...[
        "faq/support-purchases/02-my-downloadable-content-does-not-show-up.en.md: games",
        "faq/support-technical/01-the-game-crashes-what-should-i-do.en.md: games",
        "faq/support-technical/02-where-are-my-saved-games.en.md: games",
        "jobs/dublin-gameplay-qa-tester/offer.yaml: game",
        "playtests/barcelona.yaml: sessions[0].game",
      ].map((field) => `content/${field}: Unknown game "tidebound" (no games/tidebound.yaml)`),
      // The game's patch notes (features/patches) name it too.
      ...["2.3.1", "2.3", "2.4"].map(
        (version) =>
          `content/patches/tidebound/${version}.yaml: (file): No game "tidebound" under content/games`,
      ),
      // So do its known issues (features/support-report).
      ...["harbour-traders-stock", "switch-lore-pages"].map(
        (issue) =>
          `content/known-issues/tidebound-${issue}.yaml: game: No game "tidebound" under content/games`,
      ),
      // So does its press kit (features/press).
      'content/press/tidebound/kit.yaml: game: Unknown game "tidebound" (no games/tidebound.yaml)',
    ]);
  });

  it("a file the loader does not know, and a required file that is missing", () => {
    const problems = problemsOf(
      withChanges({ "offices/gent.yml": "x: 1\n", "taxonomy/levels.yaml": null }),
      contentKinds,
    );
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
      contentKinds,
    );
    expect(problems).toHaveLength(2);
  });
});
