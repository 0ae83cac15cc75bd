import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ContentError } from "./content-error";
import { type ContentKind, parseYamlFiles, type YamlFiles, yamlFileKey } from "./content-kinds.server";
import { parseContentTree } from "./parse-tree.server";

type Thing = { slug: string; size: number };
const thingSchema = z.strictObject({ size: z.int() });
const thingFiles: YamlFiles<typeof thingSchema, Thing> = {
  pattern: /^things\/([a-z]+)\.yaml$/,
  key: ([, slug]) => `thing:${slug}`,
  schema: thingSchema,
  unit(data, [, slug], { file, reader }) {
    if (data.size > 9) {
      reader.problem(file, "size", "Too big");
      return null;
    }
    return { ...data, slug: slug! };
  },
};
const thingsKind: ContentKind<Thing> = {
  name: "things",
  unitKeyOf: (file) => yamlFileKey(thingFiles, file),
  parse: (reader) => parseYamlFiles(reader, thingFiles),
  store: async () => ({ upserted: 0, removed: 0 }),
};

const tree = (texts: Record<string, string>) => ({
  label: "content",
  files: new Map(
    Object.entries(texts).map(([path, text]) => [
      path,
      { path, text, hash: crypto.createHash("sha256").update(text).digest("hex") },
    ]),
  ),
  stamp: null,
});
const problems = (texts: Record<string, string>) => {
  try {
    parseContentTree(tree(texts), [thingsKind]);
    return [];
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    return err.problems;
  }
};

describe("a kind of one YAML file per unit", () => {
  it("claims its files by their unit key", () => {
    expect(thingsKind.unitKeyOf("things/lamp.yaml")).toBe("thing:lamp");
    expect(thingsKind.unitKeyOf("things/lamp.md")).toBeNull();
  });

  it("makes a unit of each valid file, in name order whatever the tree's order", () => {
    const units = parseContentTree(tree({ "things/b.yaml": "size: 2", "things/a.yaml": "size: 1" }), [
      thingsKind,
    ]).get("things");
    expect(units).toEqual([
      { key: "thing:a", sources: ["things/a.yaml"], data: { slug: "a", size: 1 } },
      { key: "thing:b", sources: ["things/b.yaml"], data: { slug: "b", size: 2 } },
    ]);
  });

  it("reports the schema's problems, then the kind's own, file by file in name order", () => {
    expect(
      problems({ "things/c.yaml": "size: 10", "things/b.yaml": "size: x", "things/a.yaml": "size: [" }),
    ).toEqual([
      expect.stringMatching(/^content\/things\/a\.yaml: not valid YAML: /),
      expect.stringMatching(/^content\/things\/b\.yaml: size: /),
      "content/things/c.yaml: size: Too big",
    ]);
  });
});
