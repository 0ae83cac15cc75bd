import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkAssets } from "./check-assets.server";
import { parseContentTree } from "./parse-tree.server";
import { readContentFiles } from "./read-tree.server";

describe("images the content names", () => {
  it("all exist under public/, the logo under 10 KB and the art under 100 KB", async () => {
    const tree = parseContentTree(await readContentFiles("content"));
    expect(checkAssets(tree, path.resolve("public"))).toEqual([]);
    expect(fs.statSync(path.join("public", tree.studio.data.logo)).size).toBeLessThan(10 * 1024);
    const art = [...tree.games, ...tree.offices].map((unit) => unit.data.image).filter(Boolean) as string[];
    expect(art.length).toBe(tree.games.length + tree.offices.length);
    for (const image of art) expect(fs.statSync(path.join("public", image)).size).toBeLessThan(100 * 1024);
  });

  it("a missing image is reported with the file and field that name it", async () => {
    const tree = parseContentTree(await readContentFiles("content"));
    const tidebound = tree.games.find((g) => g.data.slug === "tidebound")!;
    tidebound.data.image = "/images/games/missing.svg";
    expect(checkAssets(tree, path.resolve("public"))).toEqual([
      "content/games/tidebound.yaml: image: /images/games/missing.svg does not exist under public/",
    ]);
  });
});
