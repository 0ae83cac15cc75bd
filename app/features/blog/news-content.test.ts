import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ContentFiles,
  changeTree,
  checkAssets,
  parseContentTree,
  problemsOf,
  readContentFiles,
  unitsOf,
} from "~/features/content/index.server";
import { languages } from "~/platform/i18n/languages";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { newsArticlesKind } from "./article-kind.server";
import { NEWS_CATEGORIES } from "./news-taxonomy";

/** The loader's handling of content/news/<slug>/{en,fr,es}.md, on the studio's real articles. */
let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

const withChanges = (changes: Record<string, string | null>) => changeTree(real, changes);

const file = "news/quebec-studio-opens/fr.md";
const edit = (from: string | RegExp, to: string) => ({
  [file]: real.files.get(file)!.text.replace(from, to),
});

describe("news articles in the content tree", () => {
  it("loads every article, each in every language, with its cover on disk", () => {
    const tree = parseContentTree(real, contentKinds);
    const articles = unitsOf(tree, newsArticlesKind);
    // The test content's seven (tests/fixtures/content/news).
    expect(articles).toHaveLength(7);
    for (const { data, sources } of articles) {
      expect(sources).toEqual(languages.map((lang) => `news/${data.slug}/${lang}.md`));
      for (const lang of languages) {
        expect(data.title[lang].length).toBeGreaterThan(5);
        expect(data.body[lang].length).toBeGreaterThan(200);
      }
      expect(NEWS_CATEGORIES).toContain(data.category);
      expect(data.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(articles.map((a) => a.data.category))).toEqual(new Set(NEWS_CATEGORIES));
    expect(checkAssets(tree, contentKinds, path.resolve("public"))).toEqual([]);
    const quebec = articles.find((a) => a.data.slug === "quebec-studio-opens")!;
    expect(quebec.data.title.fr).toBe("Stormkettle ouvre un studio à Québec");
    expect(quebec.data.tags).toEqual(["quebec", "hiring"]);
  });

  it("names the file and field of bad front matter", () => {
    expect(problemsOf(withChanges(edit(/^date: .*$/m, "date: 12 septembre 2019")), contentKinds)).toEqual([
      expect.stringMatching(/^content\/news\/quebec-studio-opens\/fr\.md: date: /),
    ]);
    expect(problemsOf(withChanges(edit(/^category: .*$/m, "category: gossip")), contentKinds)).toEqual([
      expect.stringMatching(/^content\/news\/quebec-studio-opens\/fr\.md: category: /),
    ]);
    expect(problemsOf(withChanges(edit(/^title: .*\n/m, "")), contentKinds)).toEqual([
      "content/news/quebec-studio-opens/fr.md: title: Required",
    ]);
    expect(problemsOf(withChanges(edit(/^tags: .*$/m, "tags: [quebec, unknown-tag]")), contentKinds)).toEqual(
      [expect.stringMatching(/^content\/news\/quebec-studio-opens\/fr\.md: tags\[1\]: /)],
    );
  });

  it("requires every language and the same date, author, category, tags and cover in each", () => {
    expect(problemsOf(withChanges({ "news/quebec-studio-opens/es.md": null }), contentKinds)).toEqual([
      "content/news/quebec-studio-opens/es.md: file is missing (every article is written in en, fr and es)",
    ]);
    expect(problemsOf(withChanges(edit(/^date: .*$/m, "date: 2019-09-13")), contentKinds)).toEqual([
      'content/news/quebec-studio-opens/fr.md: date: Must be the same in every language (news/quebec-studio-opens/en.md says "2019-09-12")',
    ]);
  });

  it("refuses two articles whose covers are cut from one scene, so no list shows it twice", () => {
    // The playtest lab's article cut from the Quebec city, as the studio's opening is.
    const lab = Object.fromEntries(
      languages.map((lang) => {
        const name = `news/quebec-playtest-lab/${lang}.md`;
        return [
          name,
          real.files.get(name)!.text.replace("scene: pages/playtesting", "scene: offices/quebec"),
        ];
      }),
    );
    expect(problemsOf(withChanges(lab), contentKinds)).toEqual([
      "content/news/quebec-studio-opens/en.md: coverArt.scene: offices/quebec is already the cover of quebec-playtest-lab: cut another scene",
    ]);
    // A different box of that scene is still the same picture twice.
    const boxed = Object.fromEntries(
      Object.entries(lab).map(([name, text]) => [
        name,
        text.replace(/box: \{[^}]*\}/, "box: { x: 0, y: 0, width: 900 }"),
      ]),
    );
    expect(problemsOf(withChanges(boxed), contentKinds)).toHaveLength(1);
  });

  it("reads a trailer, the same in every language, from YouTube or Twitch only", () => {
    const launch = unitsOf(parseContentTree(real, contentKinds), newsArticlesKind).find(
      (a) => a.data.slug === "ashen-covenant-launch",
    )!;
    expect(launch.data.trailer).toBe("https://www.youtube.com/watch?v=Qm4sT8vLa2E");
    const launchFile = "news/ashen-covenant-launch/es.md";
    const editLaunch = (to: string) => ({
      [launchFile]: real.files.get(launchFile)!.text.replace(/^trailer: .*$/m, to),
    });
    expect(
      problemsOf(withChanges(editLaunch("trailer: https://www.twitch.tv/videos/2104719385")), contentKinds),
    ).toEqual([
      expect.stringMatching(
        /^content\/news\/ashen-covenant-launch\/es\.md: trailer: Must be the same in every language/,
      ),
    ]);
    expect(problemsOf(withChanges(editLaunch("trailer: https://vimeo.com/123456")), contentKinds)).toEqual([
      expect.stringMatching(
        /^content\/news\/ashen-covenant-launch\/es\.md: trailer: Must be a YouTube video/,
      ),
    ]);
  });

  it("refuses an article without a body, and a file outside the layout", () => {
    const text = real.files.get(file)!.text;
    const frontMatterOnly = text.slice(0, text.indexOf("---", 3) + 3);
    expect(problemsOf(withChanges({ [file]: frontMatterOnly }), contentKinds)).toEqual([
      "content/news/quebec-studio-opens/fr.md: (body): Required",
    ]);
    expect(problemsOf(withChanges({ "news/quebec-studio-opens/de.md": "x" }), contentKinds)).toEqual([
      expect.stringMatching(/^content\/news\/quebec-studio-opens\/de\.md: unexpected file/),
    ]);
  });
});
