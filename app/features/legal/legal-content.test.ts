import { beforeAll, describe, expect, it } from "vitest";
import {
  type ContentFiles,
  changeTree,
  parseContentTree,
  problemsOf,
  readContentFiles,
  unitKeyOf,
  unitsOf,
} from "~/features/content/index.server";
import { languages } from "~/platform/i18n/languages";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { legalDocumentSlugs, legalDocumentsKind } from "./legal-kind.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

const withChanges = (changes: Record<string, string | null>) => changeTree(real, changes);

const legalFile = (front: string, body = "## Section\n\nText.") => `---\n${front}\n---\n\n${body}\n`;

describe("legal documents in the content tree", () => {
  it("reads the four legal pages in every language, with one version and date each", () => {
    const legalDocuments = unitsOf(parseContentTree(real, contentKinds), legalDocumentsKind);
    expect(legalDocuments.map((d) => d.data.slug).sort()).toEqual([...legalDocumentSlugs].sort());
    for (const { data, sources } of legalDocuments) {
      expect(sources).toEqual(languages.map((lang) => `legal/${data.slug}/${lang}.md`));
      expect(data.lastChanged).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const lang of languages) {
        expect(data.title[lang].length).toBeGreaterThan(3);
        expect(data.body[lang]).toMatch(/^## /m);
      }
    }
    expect(legalDocuments.find((d) => d.data.slug === "tos")?.data.version).toBe(1);
  });

  it("keys legal files and banners to their units", () => {
    expect(unitKeyOf("legal/privacy/fr.md", contentKinds)).toBe("legal:privacy");
    expect(unitKeyOf("banners/01-now-hiring.yaml", contentKinds)).toBe("banner:01-now-hiring");
    expect(unitKeyOf("legal/cookies/en.md", contentKinds)).toBeNull();
    expect(unitKeyOf("legal/privacy/de.md", contentKinds)).toBeNull();
  });

  it("requires every language of every legal page", () => {
    expect(problemsOf(withChanges({ "legal/gdpr/es.md": null }), contentKinds)).toContain(
      "content/legal/gdpr/es.md: file is missing (every legal page is written in en, fr and es)",
    );
  });

  it("requires the same version and date of last change in every language", () => {
    const problems = problemsOf(
      withChanges({
        "legal/tos/fr.md": legalFile("title: Conditions\nversion: 2\nlastChanged: 2026-11-20"),
        "legal/tos/es.md": legalFile("title: Condiciones\nversion: 1\nlastChanged: 2026-01-02"),
      }),
      contentKinds,
    );
    expect(problems).toContain(
      "content/legal/tos/fr.md: version: Must be the same in every language (legal/tos/en.md says 1)",
    );
    expect(problems).toContain(
      "content/legal/tos/es.md: lastChanged: Must be the same in every language (legal/tos/en.md says 2026-11-20)",
    );
  });

  it("names bad front matter fields and an empty body", () => {
    const problems = problemsOf(
      withChanges({
        "legal/privacy/en.md": legalFile("version: 0\nlastChanged: 20 November"),
        "legal/gdpr/en.md": legalFile("title: Rights\nversion: 1\nlastChanged: 2026-11-20", ""),
      }),
      contentKinds,
    );
    expect(problems).toContain("content/legal/privacy/en.md: title: Required");
    expect(problems.some((p) => p.startsWith("content/legal/privacy/en.md: version:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("content/legal/privacy/en.md: lastChanged:"))).toBe(true);
    expect(problems).toContain("content/legal/gdpr/en.md: (body): Required");
  });

  it("requires the privacy policy to list the cookies from the site's list", () => {
    const en = real.files.get("legal/privacy/en.md")?.text ?? "";
    expect(en).toContain("{{cookies.table}}");
    expect(
      problemsOf(
        withChanges({ "legal/privacy/en.md": en.replace("{{cookies.table}}", "| Cookie |\n| --- |") }),
        contentKinds,
      ),
    ).toContain("content/legal/privacy/en.md: (body): Must list the cookies with {{cookies.table}}");
  });

  it("refuses a legal document it does not know", () => {
    expect(
      problemsOf(
        withChanges({ "legal/imprint/en.md": legalFile("title: x\nversion: 1\nlastChanged: 2026-01-01") }),
        contentKinds,
      ),
    ).toContain(
      "content/legal/imprint/en.md: unexpected file (see README.md in the content folder for the layout)",
    );
  });
});
