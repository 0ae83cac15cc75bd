import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changeTree,
  loadContent,
  problemsOf,
  readContentFiles,
  stampContent,
} from "~/features/content/index.server";
import type { Database } from "~/platform/db/client.server";
import { apiErrorHandler } from "~/platform/http/errors.server";
import type { Services } from "~/platform/services.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createPatchesApi } from "./patches-api.server";
import { supportPatches } from "./tables";

let database: Database;
let server: ReturnType<express.Express["listen"]>;
let api: string;
const logger = { info: () => {}, warn: () => {} };
// A copy of the studio's content that the tests may edit.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patches-content-"));

beforeAll(async () => {
  fs.cpSync("content", dir, { recursive: true });
  database = await createTestDatabase();
  await stampContent(dir);
  await loadContent(database.db, dir, contentKinds, logger);
  const app = express();
  app.use("/api", createPatchesApi({ db: database.db } as Services), apiErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/support-patches", () => {
  it("lists each game's patch notes newest first, in the language asked", async () => {
    const res = await fetch(`${api}/support-patches?lang=fr`);
    expect(res.status).toBe(200);
    const games = await res.json();
    expect(games.map((g: { game: { slug: string } }) => g.game.slug).sort()).toEqual([
      "ashen-covenant",
      "tidebound",
    ]);
    const tidebound = games.find((g: { game: { slug: string } }) => g.game.slug === "tidebound");
    expect(tidebound.game.name).toBe("Tidebound");
    expect(tidebound.patches.map((p: { version: string }) => p.version)).toEqual(["2.4", "2.3.1", "2.3"]);
    expect(tidebound.patches[0]).toMatchObject({ releasedOn: "2026-10-14", title: "La vie au port" });
    expect(tidebound.patches[0].changes[0]).toEqual({
      kind: "new",
      text: expect.stringContaining("marchands"),
    });
  });

  it("filters by game; an unknown game is a 404 and a bad one a 400", async () => {
    const one = await (await fetch(`${api}/support-patches?game=ashen-covenant&lang=es`)).json();
    expect(one).toHaveLength(1);
    expect(one[0].patches.map((p: { version: string }) => p.version)).toEqual(["1.3", "1.2", "1.1"]);
    expect(one[0].patches[2].title).toBe("Primer ajuste de equilibrio");
    expect((await fetch(`${api}/support-patches?game=half-life-3`)).status).toBe(404);
    const bad = await fetch(`${api}/support-patches?game=../etc&lang=de`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).messages).toHaveLength(2);
  });
});

describe("patch notes as content", () => {
  const file = path.join(dir, "patches/tidebound/2.4.yaml");

  it("loads idempotently, follows edits and removes deleted releases", async () => {
    await stampContent(dir);
    expect((await loadContent(database.db, dir, contentKinds, logger)).changed).toBe(false);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("Harbour Life", "Harbour Days"));
    fs.rmSync(path.join(dir, "patches/ashen-covenant/1.1.yaml"));
    await stampContent(dir);
    const report = await loadContent(database.db, dir, contentKinds, logger);
    expect(report.changed).toBe(true);
    const rows = await database.db.select().from(supportPatches);
    expect(rows.map((r) => r.key).sort()).toEqual([
      "ashen-covenant/1.2",
      "ashen-covenant/1.3",
      "tidebound/2.3",
      "tidebound/2.3.1",
      "tidebound/2.4",
    ]);
    expect(rows.find((r) => r.key === "tidebound/2.4")!.title.en).toBe("Harbour Days");
  });

  it("refuses a bad file, naming the file and the field", async () => {
    const tree = await readContentFiles(testContent);
    const text = fs.readFileSync(path.join(testContent, "patches/tidebound/2.4.yaml"), "utf8");
    expect(
      problemsOf(
        changeTree(tree, {
          "patches/tidebound/2.4.yaml": text.replace('releasedOn: "2026-10-14"', "releasedOn: soon"),
        }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/patches\/tidebound\/2\.4\.yaml.*releasedOn/)]);
    expect(problemsOf(changeTree(tree, { "patches/tidebound/2.5.yaml": text }), contentKinds)).toEqual([
      expect.stringMatching(/patches\/tidebound\/2\.5\.yaml.*version.*2\.5/),
    ]);
    expect(
      problemsOf(
        changeTree(tree, { "patches/no-such-game/1.0.yaml": text.replace('"2.4"', '"1.0"') }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/patches\/no-such-game\/1\.0\.yaml.*No game "no-such-game"/)]);
  });
});
