import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { artFiles, gameArt, newsArt, officeArt } from "~/ui/art/art";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { assetsOf, checkAssets } from "./check-assets.server";
import { changeTree, editYaml } from "./content-test-kit";
import { parseContentTree } from "./parse-tree.server";
import { type ContentFiles, readContentFiles } from "./read-tree.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles(testContent);
});

// Each property runs the content check over many generated trees: seconds of CPU, more on a
// loaded two-core machine than the default 5 s allows. A guard against a hang, not a timing.
describe("images the content names", { timeout: 60_000 }, () => {
  it("all exist under public/, the logo under 10 KB", () => {
    const tree = parseContentTree(real, contentKinds);
    expect(checkAssets(tree, contentKinds, path.resolve("public"))).toEqual([]);
    const assets = assetsOf(tree, contentKinds);
    const size = (asset: string) => fs.statSync(path.join("public", asset)).size;
    const logos = assets.filter((a) => a.file === "studio.yaml" && a.field === "logo");
    expect(logos).toHaveLength(1);
    expect("asset" in logos[0]! && size(logos[0].asset)).toBeLessThan(10 * 1024);
    // Games and offices name no picture file: their art is the scene named after them, cut as
    // their content says, and every file of it is checked.
    expect(assets.filter((a) => a.file === "games/tidebound.yaml" && "asset" in a).length).toBeGreaterThan(
      40,
    );
    expect(assets.filter((a) => a.file === "offices/gent.yaml" && "asset" in a).length).toBeGreaterThan(10);
  });

  it("a game or an article added without its art is reported, each missing file naming its own", () => {
    const tidebound = real.files.get("games/tidebound.yaml")!.text;
    const framing = {
      bannerY: 200,
      thumb: { x: 630, y: 100, width: 1100, height: 1100 },
      focus: { x: 49, y: 40 },
    };
    // A scene no article's cover is cut from yet: two articles may not share one.
    const cut = {
      scene: "offices/barcelona",
      box: { x: 0, y: 72, width: 1920 },
      focus: { x: 50, y: 45 },
    };
    fc.assert(
      fc.property(
        fc.constantFrom("games", "news"),
        fc.stringMatching(/^[a-z][a-z0-9]{0,12}(-[a-z0-9]{1,8}){0,2}$/),
        (kind, slug) => {
          fc.pre(
            !fs.existsSync(path.join(`public/images/art/${kind}`, kind === "games" ? `${slug}.svg` : slug)),
          );
          const cover = `/images/art/news/${slug}/cover-1200.jpg`;
          const added =
            kind === "news"
              ? Object.fromEntries(
                  ["en", "fr", "es"].map((lang) => [
                    `news/${slug}/${lang}.md`,
                    real.files
                      .get(`news/quebec-studio-opens/${lang}.md`)!
                      .text.replace(/cover: .*/, `cover: ${cover}`)
                      .replace("scene: offices/quebec", `scene: ${cut.scene}`),
                  ]),
                )
              : { [`games/${slug}.yaml`]: tidebound };
          const problems = checkAssets(
            parseContentTree(changeTree(real, added), contentKinds),
            contentKinds,
            path.resolve("public"),
          );
          const missing = (file: string, field: string, asset: string) =>
            `content/${file}: ${field}: ${asset} does not exist under public/`;
          expect(problems).toEqual(
            kind === "news"
              ? [
                  missing(`news/${slug}/en.md`, "cover", cover),
                  // Barcelona's scene is there; the renditions cut from it are not.
                  ...artFiles(newsArt(slug, cut))
                    .filter((asset) => asset !== "/images/art/offices/barcelona.svg")
                    .map((asset) => missing(`news/${slug}/en.md`, "(cover art)", asset)),
                ]
              : artFiles(gameArt(slug, framing)).map((asset) =>
                  missing(`games/${slug}.yaml`, "(key art)", asset),
                ),
          );
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a game whose thumbnail leaves its scene is refused, naming the file and field", () => {
    const tree = changeTree(
      real,
      editYaml(real, "games/tidebound.yaml", (d) => {
        (d.art as { thumb: { x: number } }).thumb.x = 1500;
      }),
    );
    expect(() => parseContentTree(tree, contentKinds)).toThrow(/games\/tidebound\.yaml.*art\.thumb/);
  });

  it("an office added without its city scene is reported: the scene and each rendition", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9]{0,12}(-[a-z0-9]{1,8}){0,2}$/), (slug) => {
        fc.pre(!fs.existsSync(path.join("public/images/art/offices", `${slug}.svg`)));
        const added = { [`offices/${slug}.yaml`]: real.files.get("offices/gent.yaml")!.text };
        const problems = checkAssets(
          parseContentTree(changeTree(real, added), contentKinds),
          contentKinds,
          path.resolve("public"),
        );
        const art = officeArt(slug, { x: 50, y: 50 });
        expect(problems).toEqual(
          artFiles(art).map(
            (asset) => `content/offices/${slug}.yaml: (city scene): ${asset} does not exist under public/`,
          ),
        );
        expect(problems[0]).toContain(`/images/art/offices/${slug}.svg`);
      }),
      { numRuns: 30 },
    );
  });

  it("an article whose cover is not the rendition its coverArt cuts is reported", () => {
    const tree = parseContentTree(
      changeTree(
        real,
        Object.fromEntries(
          ["en", "fr", "es"].map((lang) => {
            const file = `news/quebec-studio-opens/${lang}.md`;
            const text = real.files.get(file)!.text;
            return [
              file,
              text.replace(/cover: .*/, "cover: /images/art/news/tidebound-first-look/cover-1200.jpg"),
            ];
          }),
        ),
      ),
      contentKinds,
    );
    expect(checkAssets(tree, contentKinds, path.resolve("public"))).toEqual([
      "content/news/quebec-studio-opens/en.md: cover: must be /images/art/news/quebec-studio-opens/cover-1200.jpg, the rendition its coverArt cuts",
    ]);
  });

  it("a missing image is reported with the file and field that name it", () => {
    const tree = parseContentTree(
      changeTree(
        real,
        editYaml(real, "studio.yaml", (d) => {
          d.logo = "/brand/missing.svg";
        }),
      ),
      contentKinds,
    );
    expect(checkAssets(tree, contentKinds, path.resolve("public"))).toEqual([
      "content/studio.yaml: logo: /brand/missing.svg does not exist under public/",
    ]);
  });

  it("a game or office that names a picture is refused: its art is the scene named after it", () => {
    for (const file of ["games/tidebound.yaml", "offices/gent.yaml"]) {
      const tree = changeTree(
        real,
        editYaml(real, file, (d) => {
          d.image = "/images/art/games/tidebound.svg";
        }),
      );
      expect(() => parseContentTree(tree, contentKinds), file).toThrow(/image/);
    }
  });
});
