import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import {
  ContentError,
  type ContentFiles,
  parseContentTree,
  readContentFiles,
  unitsOf,
} from "~/features/content/index.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { playtestSitesKind } from "./playtest-site-kind.server";
import { ageOnDay } from "./signup.server";
import { localizeSurvey, stepProblems, validateSurveyAnswers } from "./survey-definition";
import { surveysKind } from "./survey-kind.server";
import { surveyDefinitionSchema } from "./survey-schema";

let content: ContentFiles;
beforeAll(async () => {
  content = await readContentFiles(testContent);
});

/** The content folder with one file replaced (or removed with null). */
function withFile(path: string, text: string | null): ContentFiles {
  const files = new Map(content.files);
  if (text === null) files.delete(path);
  else files.set(path, { path, text, hash: "x" });
  return { ...content, files };
}

function problems(tree: ContentFiles): string[] {
  try {
    parseContentTree(tree, contentKinds);
    return [];
  } catch (err) {
    if (err instanceof ContentError) return err.message.split("\n");
    throw err;
  }
}

describe("playtest sites and surveys as content", () => {
  it("loads the five sites, each linked to an office, and the playtester survey", () => {
    const tree = parseContentTree(content, contentKinds);
    const sites = Object.fromEntries(
      unitsOf(tree, playtestSitesKind).map((s) => [s.data.slug, s.data.office]),
    );
    expect(sites).toEqual({
      gent: "gent",
      quebec: "quebec",
      barcelona: "barcelona",
      warsaw: "warsaw",
      selangor: "kuala-lumpur",
    });
    expect(unitsOf(tree, surveysKind).map((s) => s.data.code)).toEqual(["playtester"]);
  });

  it("names the file and field of a site whose office does not exist or whose dates are reversed", () => {
    const site = YAML.parse(fs.readFileSync(path.join(testContent, "playtests/quebec.yaml"), "utf8"));
    expect(
      problems(withFile("playtests/quebec.yaml", YAML.stringify({ ...site, office: "montreal" }))),
    ).toContainEqual(expect.stringContaining('playtests/quebec.yaml: office: Unknown office "montreal"'));
    site.sessions[0].endsOn = "2020-01-01";
    expect(problems(withFile("playtests/quebec.yaml", YAML.stringify(site)))).toContainEqual(
      expect.stringContaining("playtests/quebec.yaml: sessions[0].endsOn: Must not be before startsOn"),
    );
  });

  it("refuses a survey with a text missing in a language, or a duplicate question id", () => {
    const read = () => YAML.parse(fs.readFileSync(path.join(testContent, "surveys/playtester.yaml"), "utf8"));
    const missing = read();
    delete missing.title.es;
    expect(problems(withFile("surveys/playtester.yaml", YAML.stringify(missing)))).toContainEqual(
      expect.stringContaining("surveys/playtester.yaml: title.es: Required"),
    );
    const duplicate = read();
    duplicate.steps[1].questions[0].id = "hoursPerWeek";
    expect(problems(withFile("surveys/playtester.yaml", YAML.stringify(duplicate)))).toContainEqual(
      expect.stringContaining('steps[1].questions[0].id: Duplicate question id "hoursPerWeek"'),
    );
  });
});

describe("survey answers", () => {
  const survey = surveyDefinitionSchema.parse(
    YAML.parse(fs.readFileSync(path.join(testContent, "surveys/playtester.yaml"), "utf8")),
  );
  const valid = { hoursPerWeek: "over15", platforms: ["pc"], experience: 1, favouriteGame: "Tidebound" };

  it("accepts complete answers and leaves optional questions out", () => {
    expect(validateSurveyAnswers(survey, valid)).toEqual([]);
  });

  it("reports unknown questions, missing required answers and wrong types", () => {
    expect(
      validateSurveyAnswers(survey, { ...valid, extra: 1, hoursPerWeek: ["over15"], experience: undefined }),
    ).toEqual([
      { question: "extra", code: "UNKNOWN_QUESTION" },
      { question: "hoursPerWeek", code: "INVALID_TYPE" },
      { question: "experience", code: "REQUIRED" },
    ]);
    expect(validateSurveyAnswers(survey, null)).toEqual([{ question: "(answers)", code: "INVALID_TYPE" }]);
  });

  it("refuses a text answer holding a control character, in the browser's step check too", () => {
    for (const text of ["Tide\u0000bound", "\u001b[31m", "a\u007f"]) {
      expect(validateSurveyAnswers(survey, { ...valid, favouriteGame: text })).toEqual([
        { question: "favouriteGame", code: "INVALID_CHARACTERS" },
      ]);
      const questions = localizeSurvey(survey, "en").steps.flatMap((step) => step.questions);
      expect(stepProblems(questions, { ...valid, favouriteGame: text })).toEqual({
        favouriteGame: "INVALID_CHARACTERS",
      });
    }
    // A textarea's line breaks are text.
    expect(validateSurveyAnswers(survey, { ...valid, favouriteGame: "Tidebound,\r\nand more" })).toEqual([]);
  });

  it("gives every text in the asked language", () => {
    const view = localizeSurvey(survey, "es");
    expect(view.title).toBe("Cuéntanos cómo juegas");
    expect(view.steps[1]!.questions[0]!.options![0]).toEqual({
      id: "ashenCovenant",
      label: "Ashen Covenant",
      icon: "/images/art/games/ashen-covenant/thumb-160.jpg",
    });
  });
});

describe("age and retention dates", () => {
  it("counts an 18th birthday from its first minute (UTC) and not the day before", () => {
    expect(ageOnDay("2008-04-30", new Date("2026-04-30T00:00:00Z"))).toBe(18);
    expect(ageOnDay("2008-04-30", new Date("2026-04-29T23:59:59Z"))).toBe(17);
    expect(ageOnDay("2008-02-29", new Date("2026-02-28T12:00:00Z"))).toBe(17);
    expect(ageOnDay("2008-02-29", new Date("2026-03-01T00:00:00Z"))).toBe(18);
  });
});
