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
import { bannersKind } from "./banner-kind.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

const withChanges = (changes: Record<string, string | null>) => changeTree(real, changes);

describe("banners in the content tree", () => {
  it("reads the studio's banners with their dates and links", () => {
    const banners = unitsOf(parseContentTree(real, contentKinds), bannersKind);
    const hiring = banners.find((b) => b.data.slug === "01-now-hiring")?.data;
    expect(hiring).toMatchObject({ sort: 1, link: "/careers" });
    expect(hiring?.linkLabel?.fr).toBe("Voir les postes offerts");
    const launch = banners.find((b) => b.data.slug === "03-tidebound-launch-week")?.data;
    expect(launch).toMatchObject({ startsOn: "2026-03-10", endsOn: "2026-03-24" });
    expect(launch?.link).toBeUndefined();
  });

  const bannerYaml = (lines: string[]) =>
    [...lines, "body: { en: Body, fr: Corps, es: Cuerpo }", "sort: 1"].join("\n");

  it("refuses a banner missing a language", () => {
    expect(
      problemsOf(
        withChanges({ "banners/bad.yaml": bannerYaml(["title: { en: Hi, fr: Salut }"]) }),
        contentKinds,
      ),
    ).toContain("content/banners/bad.yaml: title.es: Required");
  });

  it("refuses a banner ending before it starts, or a link without its label", () => {
    const problems = problemsOf(
      withChanges({
        "banners/bad.yaml": bannerYaml([
          "title: { en: Hi, fr: Salut, es: Hola }",
          "startsOn: 2026-05-02",
          "endsOn: 2026-05-01",
          "link: /careers",
        ]),
      }),
      contentKinds,
    );
    expect(problems).toContain("content/banners/bad.yaml: endsOn: Must not be before startsOn");
    expect(problems).toContain("content/banners/bad.yaml: linkLabel: A link and its label go together");
  });
});
