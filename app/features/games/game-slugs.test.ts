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
import { faqItemsKind } from "~/features/faq/index.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { gamesKind } from "./game-kind.server";

/**
 * What a game's page lists is named in other kinds' files (`games:` on FAQ answers, `game:` on
 * job offers and playtest sessions): a slug no game has is refused, naming the file and field.
 */
let tree: ContentFiles;

beforeAll(async () => {
  tree = await readContentFiles(testContent);
});

const faqFile = "faq/support-technical/02-where-are-my-saved-games";
const withFaqGames = (line: string) =>
  Object.fromEntries(
    ["en", "fr", "es"].map((lang) => {
      const file = `${faqFile}.${lang}.md`;
      return [file, tree.files.get(file)!.text.replace(/^games: .*$/m, line)];
    }),
  );

describe("content naming a game", () => {
  it("loads each game's genre and the FAQ answers' games", () => {
    const parsed = parseContentTree(tree, contentKinds);
    const tidebound = unitsOf(parsed, gamesKind).find((game) => game.data.slug === "tidebound")!;
    expect(tidebound.data.genre.fr).toBe("Aventure de navigation en coopération");
    const saves = unitsOf(parsed, faqItemsKind).find(
      (item) => item.data.slug === "where-are-my-saved-games",
    )!;
    expect(saves.data.games).toContain("tidebound");
  });

  it("refuses a job offer naming an unknown game", () => {
    const file = "jobs/dublin-gameplay-qa-tester/offer.yaml";
    const changed = changeTree(
      tree,
      editYaml(tree, file, (offer) => (offer.game = "tidebound-2")),
    );
    expect(problemsOf(changed, contentKinds)).toEqual([
      `content/${file}: game: Unknown game "tidebound-2" (no games/tidebound-2.yaml)`,
    ]);
  });

  it("refuses a playtest session naming an unknown game", () => {
    const file = "playtests/barcelona.yaml";
    const changed = changeTree(
      tree,
      editYaml(tree, file, (site) => {
        (site.sessions as Array<Record<string, unknown>>)[0]!.game = "tidebond";
      }),
    );
    expect(problemsOf(changed, contentKinds)).toEqual([
      `content/${file}: sessions[0].game: Unknown game "tidebond" (no games/tidebond.yaml)`,
    ]);
  });

  it("refuses a FAQ answer naming an unknown game, and games that differ between languages", () => {
    expect(
      problemsOf(changeTree(tree, withFaqGames("games: [tidebound, lantern-court]")), contentKinds),
    ).toEqual([
      `content/${faqFile}.en.md: games: Unknown game "lantern-court" (no games/lantern-court.yaml)`,
    ]);
    const fr = `${faqFile}.fr.md`;
    const oneLanguage = { [fr]: tree.files.get(fr)!.text.replace(/^games: .*$/m, "games: [tidebound]") };
    expect(problemsOf(changeTree(tree, oneLanguage), contentKinds)).toEqual([
      `content/${faqFile}.en.md: games: Must be the same in every language of the answer`,
    ]);
  });
});
