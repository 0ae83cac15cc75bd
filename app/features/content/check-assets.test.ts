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
  it("all exist under public/, the logo under 10 KB and every game's and office's art under 100 KB", () => {
    const tree = parseContentTree(real);
    expect(checkAssets(tree, path.resolve("public"))).toEqual([]);
    const assets = assetsOf(tree);
    const size = (asset: string) => fs.statSync(path.join("public", asset)).size;
    const logos = assets.filter((a) => a.file === "studio.yaml" && a.field === "logo");
    expect(logos).toHaveLength(1);
    expect(size(logos[0]!.asset)).toBeLessThan(10 * 1024);
    const art = assets.filter((a) => /^(games|offices)\//.test(a.file) && a.field === "image");
    const namers = [...real.files.keys()].filter((file) => /^(games|offices)\/[^/]+\.yaml$/.test(file));
    expect(art.map((a) => a.file).sort()).toEqual(namers.sort());
    for (const { asset } of art) expect(size(asset)).toBeLessThan(100 * 1024);
  });

  it("a missing image is reported with the file and field that name it", () => {
    const tree = parseContentTree(
      changeTree(
        real,
        editYaml(real, "games/tidebound.yaml", (d) => {
          d.image = "/images/games/missing.svg";
        }),
      ),
    );
    expect(checkAssets(tree, path.resolve("public"))).toEqual([
      "content/games/tidebound.yaml: image: /images/games/missing.svg does not exist under public/",
    ]);
  });
});
