import fs from "node:fs";
import { expect, it } from "vitest";
import { socialNetworks } from "./site-identity";

// A network the studio can list without a glyph in the sprite would show an empty circle.
it("has a glyph in the sprite for every social network the studio can list, and none for another", () => {
  const sprite = fs.readFileSync(new URL("./social-icons.svg", import.meta.url), "utf8");
  const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);
  expect(symbols.toSorted()).toEqual([...socialNetworks].toSorted());
});
