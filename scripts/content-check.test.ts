import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { parseContentTree, readContentFiles, unitsOf } from "~/features/content/index.server";
import { faqCategoriesKind, faqItemsKind } from "~/features/faq/index.server";
import { playtestSitesKind } from "~/features/playtesting/index.server";
import { contentKinds } from "../server/content-kinds";
import { studioContent, testContent } from "../tests/support/test-content";
import { checkContent } from "./lib/content-check";

const run = promisify(execFile);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "content-check-"));

afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** `npm run content:check` as the web team runs it before committing content: a real process. */
function contentCheck(...args: string[]) {
  return run("npm", ["run", "--silent", "content:check", "--", ...args], { cwd: process.cwd() }).then(
    ({ stdout }) => ({ code: 0, out: stdout }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      out: err.stdout + err.stderr,
    }),
  );
}

/** The check in this process: what the script prints, and whether it would exit 0. */
async function check(contentDir: string, options: { stamp?: boolean } = {}) {
  const { ok, lines } = await checkContent({ contentDir, publicDir: path.resolve("public"), ...options });
  return { ok, out: lines.join("\n") };
}

describe("npm run content:check", () => {
  // The command itself, once: its exit code is what a hook or CI step reads.
  it("exits 1 naming the file and the field of a broken content folder", { timeout: 120_000 }, async () => {
    const dir = path.join(temp, "content");
    fs.cpSync(testContent, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "games", "ashen-covenant.yaml"), "title: 42\n");
    const { code, out } = await contentCheck(dir, path.resolve("public"));
    expect(code).toBe(1);
    expect(out).toContain("games/ashen-covenant.yaml");
  });

  it("passes the studio's content folder and counts what it read", async () => {
    const { ok, out } = await check(studioContent);
    expect(out).toMatch(/\d+ files OK: 1 studio, .*\d+ jobs/);
    expect(ok).toBe(true);
  });

  it("passes the tests' own content folder: it is stamped over what it holds too", async () => {
    const { ok, out } = await check(testContent);
    expect(out).toMatch(/\d+ files OK/);
    expect(ok).toBe(true);
  });

  it("reports a merch product's picture and a survey's game icon that are not under public/", async () => {
    const dir = path.join(temp, "pictures", "content");
    fs.cpSync(testContent, dir, { recursive: true });
    const edit = (file: string, from: string, to: string) => {
      const full = path.join(dir, file);
      fs.writeFileSync(full, fs.readFileSync(full, "utf8").replace(from, to));
    };
    edit("merch/tidebound-mug.yaml", "/images/art/merch/tidebound-mug.svg", "/images/art/merch/gone.svg");
    edit(
      "surveys/playtester.yaml",
      "/images/art/games/tidebound/thumb-160.jpg",
      "/images/art/games/gone/thumb-160.jpg",
    );
    const { ok, out } = await check(dir, { stamp: true });
    expect(out).toContain("merch/tidebound-mug.yaml: image: /images/art/merch/gone.svg does not exist");
    expect(out).toContain(
      "surveys/playtester.yaml: gamesPlayed.tidebound.icon: /images/art/games/gone/thumb-160.jpg",
    );
    expect(ok).toBe(false);
  });

  it("refuses a folder edited after its stamp until --stamp writes a new one", async () => {
    const dir = path.join(temp, "stamped", "content");
    fs.cpSync(testContent, dir, { recursive: true });
    const before = fs.readFileSync(path.join(dir, "VERSION"), "utf8");
    const game = path.join(dir, "games", "tidebound.yaml");
    fs.writeFileSync(game, fs.readFileSync(game, "utf8").replace(/^name: .*$/m, "name: Tidebound II"));

    const stale = await check(dir);
    expect(stale.out).toContain("content/VERSION: the folder changed after it was stamped");
    expect(stale.ok).toBe(false);

    const stamped = await check(dir, { stamp: true });
    expect(stamped.out).toMatch(/stamped \d{4}-\d\d-\d\dT[\d:.]+Z: commit content\/VERSION with the change/);
    expect(stamped.ok).toBe(true);
    const after = fs.readFileSync(path.join(dir, "VERSION"), "utf8");
    const time = (text: string) => Date.parse(/^stamped: (.*)$/m.exec(text)?.[1] ?? "");
    expect(time(after)).toBeGreaterThan(time(before));
    expect((await check(dir)).ok).toBe(true);
  });

  // What the specification promises of the content itself, checked on the studio's: the tests'
  // own content (tests/fixtures/content) is smaller.
  it("finds in the studio's content the nine internship questions and the five playtest locations", async () => {
    const tree = parseContentTree(await readContentFiles(studioContent), contentKinds);
    const internships = new Set(
      unitsOf(tree, faqCategoriesKind)
        .filter((c) => c.data.section === "internships")
        .map((c) => c.data.slug),
    );
    expect(unitsOf(tree, faqItemsKind).filter((i) => internships.has(i.data.category))).toHaveLength(9);
    expect(
      unitsOf(tree, playtestSitesKind)
        .map((s) => s.data.slug)
        .sort(),
    ).toEqual(["barcelona", "gent", "quebec", "selangor", "warsaw"]);
  });
});
