import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { assetsOf, checkAssets } from "./check-assets.server";
import { changeTree, editYaml } from "./content-test-kit";
import { parseContentTree } from "./parse-tree.server";
import { type ContentFiles, readContentFiles } from "./read-tree.server";

let real: ContentFiles;

beforeAll(async () => {
  real = await readContentFiles("content");
});

describe("images the content names", () => {
  it("all exist under public/, the logo under 10 KB", () => {
    const tree = parseContentTree(real);
    expect(checkAssets(tree, path.resolve("public"))).toEqual([]);
    const assets = assetsOf(tree);
    const size = (asset: string) => fs.statSync(path.join("public", asset)).size;
    const logos = assets.filter((a) => a.file === "studio.yaml" && a.field === "logo");
    expect(logos).toHaveLength(1);
    expect(size(logos[0]!.asset)).toBeLessThan(10 * 1024);
    // Games and offices name no picture: their art is app/ui/art/art.ts's, by slug (art.test.ts
    // checks that each has its set).
    expect(assets.filter((a) => /^(games|offices)\//.test(a.file))).toEqual([]);
  });

  it("a missing image is reported with the file and field that name it", () => {
    const tree = parseContentTree(
      changeTree(
        real,
        editYaml(real, "studio.yaml", (d) => {
          d.logo = "/brand/missing.svg";
        }),
      ),
    );
    expect(checkAssets(tree, path.resolve("public"))).toEqual([
      "content/studio.yaml: logo: /brand/missing.svg does not exist under public/",
    ]);
  });

  it("a game or office that names a picture is refused: its art is the manifest's", () => {
    for (const file of ["games/tidebound.yaml", "offices/gent.yaml"]) {
      const tree = changeTree(
        real,
        editYaml(real, file, (d) => {
          d.image = "/images/art/games/tidebound.svg";
        }),
      );
      expect(() => parseContentTree(tree), file).toThrow(/image/);
    }
  });
});
