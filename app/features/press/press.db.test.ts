import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changeTree,
  loadContent,
  problemsOf,
  readContentFiles,
  stampContent,
} from "~/features/content/index.server";
import { listSitemapPages } from "~/features/discovery/index.server";
import type { Database } from "~/platform/db/client.server";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { apiErrorHandler } from "~/platform/http/errors.server";
import type { Services } from "~/platform/services.server";
import { contentKinds } from "../../../server/content-kinds";
import { routeManifest } from "../../../tests/support/route-manifest";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createPressKits } from "./press.server";
import { createPressApi } from "./press-api.server";
import { createPressFilesRouter } from "./press-files-routes.server";
import type { PressKit, PressKits } from "./press-types";
import { pressKits } from "./tables";

let database: Database;
let server: ReturnType<express.Express["listen"]>;
let origin: string;
const logger = { info: () => {}, warn: () => {} };
// A copy of the studio's content the tests may edit, and a data folder of their own.
const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "press-content-"));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "press-data-"));
const zipDir = path.join(dataDir, "press-zips");

beforeAll(async () => {
  fs.cpSync("content", contentDir, { recursive: true });
  database = await createTestDatabase();
  await stampContent(contentDir);
  await loadContent(database.db, contentDir, contentKinds, logger);
  const svc = {
    db: database.db,
    files: createLocalFileStore(dataDir),
    config: { contentDir, dataDir },
  } as unknown as Services;
  const app = express();
  app.use(createPressFilesRouter(svc));
  app.use("/api", createPressApi(svc), apiErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  fs.rmSync(contentDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(origin + url, { headers });
const zipFiles = () => fs.readdirSync(zipDir).filter((name) => name.endsWith(".zip"));

describe("press kits as content", () => {
  it("stores the studio kit, the four game kits and the archive", async () => {
    const rows = await database.db.select().from(pressKits);
    expect(rows.map((row) => `${row.slug}:${row.archived}`).sort()).toEqual([
      "ashen-covenant:false",
      "emberfall-tactics-2016:true",
      "emberfall-tactics:false",
      "studio-2019:true",
      "studio:false",
      "the-lantern-court:false",
      "tidebound:false",
    ]);
    await stampContent(contentDir);
    expect((await loadContent(database.db, contentDir, contentKinds, logger)).changed).toBe(false);
  });

  it("refuses a malformed kit, naming the file and the field", async () => {
    const tree = await readContentFiles(testContent);
    const kit = fs.readFileSync(path.join(testContent, "press/tidebound/kit.yaml"), "utf8");
    const bytes = (file: string) => tree.files.get(file)!.text;

    // Prose in every language.
    expect(
      problemsOf(
        changeTree(tree, { "press/tidebound/kit.yaml": kit.replace(/^ {2}fr: Tidebound est.*$/m, "") }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/press\/tidebound\/kit\.yaml: description\.fr: Required/)]);
    // A listed file that is missing, or its thumbnail; a thumbnail of nothing.
    expect(problemsOf(changeTree(tree, { "press/tidebound/files/scene.jpg": null }), contentKinds)).toEqual([
      expect.stringMatching(
        /press\/tidebound\/kit\.yaml: images\[2\]\.file: No file press\/tidebound\/files\/scene\.jpg/,
      ),
    ]);
    expect(
      problemsOf(changeTree(tree, { "press/tidebound/thumbs/scene.jpg.webp": null }), contentKinds),
    ).toEqual([
      expect.stringMatching(/images\[2\]\.file: No thumbnail press\/tidebound\/thumbs\/scene\.jpg\.webp/),
    ]);
    expect(
      problemsOf(
        changeTree(tree, {
          "press/tidebound/thumbs/old.jpg.webp": bytes("press/tidebound/thumbs/scene.jpg.webp"),
        }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/press\/tidebound\/thumbs\/old\.jpg\.webp: a thumbnail of no file/)]);
    // A file nobody listed would be in no zip.
    expect(
      problemsOf(
        changeTree(tree, { "press/tidebound/files/extra.png": bytes("press/tidebound/files/logo.png") }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/press\/tidebound\/files\/extra\.png: .*not listed in kit\.yaml/)]);
    // Unknown game, studio kit with a game, poster that is not an image, bad file name.
    expect(
      problemsOf(
        changeTree(tree, { "press/tidebound/kit.yaml": kit.replace("game: tidebound", "game: tideline") }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/game: Unknown game "tideline"/)]);
    expect(
      problemsOf(
        changeTree(tree, { "press/tidebound/kit.yaml": kit.replace("kind: game", "kind: studio") }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/press\/tidebound\/kit\.yaml: game: A studio kit names no game/)]);
    expect(
      problemsOf(
        changeTree(tree, {
          "press/tidebound/kit.yaml": kit.replace("poster: header.jpg", "poster: logo.png"),
        }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/videos\[0\]\.poster: Must be one of the kit's images/)]);
    // A trailer must be a YouTube or Twitch video, over one of the kit's images.
    expect(
      problemsOf(
        changeTree(tree, {
          "press/tidebound/kit.yaml": kit.replace(
            "https://www.youtube.com/watch?v=Hq3vT7bNd2A",
            "https://vimeo.com/123456",
          ),
        }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/trailer\.url: Must be a YouTube video/)]);
    expect(
      problemsOf(
        changeTree(tree, {
          "press/tidebound/kit.yaml": kit.replace("poster: scene.jpg", "poster: logo.svg"),
        }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/trailer\.poster: Must be one of the kit's images/)]);
    // Its publication date: a game page's VideoObject cannot do without it.
    expect(
      problemsOf(
        changeTree(tree, { "press/tidebound/kit.yaml": kit.replace(/^ {2}uploadDate: .*\n/m, "") }),
        contentKinds,
      ),
    ).toEqual(["content/press/tidebound/kit.yaml: trailer.uploadDate: Required"]);
    // A kit folder without its kit.yaml, and a stray file in a kit folder.
    expect(problemsOf(changeTree(tree, { "press/tidebound/kit.yaml": null }), contentKinds)).toEqual([
      expect.stringMatching(/press\/tidebound\/kit\.yaml: file is missing/),
    ]);
    expect(problemsOf(changeTree(tree, { "press/tidebound/notes.txt": "todo" }), contentKinds)).toEqual([
      expect.stringMatching(/press\/tidebound\/notes\.txt: unexpected file/),
    ]);
  });
});

describe("GET /api/presses", () => {
  it("lists the current kits (studio first, games in the studio's order) and the archive", async () => {
    const res = await get("/api/presses?lang=fr");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/public/);
    const body = (await res.json()) as PressKits;
    expect(body.current.map((kit) => kit.slug)).toEqual([
      "studio",
      "ashen-covenant",
      "the-lantern-court",
      "tidebound",
      "emberfall-tactics",
    ]);
    expect(body.archive.map((kit) => [kit.slug, kit.updatedOn])).toEqual([
      ["studio-2019", "2019-09-12"],
      ["emberfall-tactics-2016", "2016-11-08"],
    ]);

    const ashen = body.current[1]!;
    expect(ashen).toMatchObject({
      name: "Ashen Covenant",
      kind: "game",
      game: "ashen-covenant",
      archived: false,
      tagline: "Rassemblez une compagnie. Brisez un serment. Réécrivez un royaume.",
      facts: {
        developer: "Stormkettle Studios",
        basedIn: "Gand (Belgique) et Québec (Canada)",
        // From content/games/ashen-covenant.yaml.
        releaseDate: "2024-10-17",
        platforms: ["PC", "PlayStation 5", "Xbox Series X|S", "macOS"],
        website: "https://ashencovenant.stormkettle.example",
        price: [
          { amount: 59.99, currency: "USD" },
          { amount: 59.99, currency: "EUR" },
          { amount: 79.99, currency: "CAD" },
        ],
      },
      monetization: expect.stringContaining("Vous pouvez diffuser"),
      team: expect.arrayContaining([{ name: "Nadia Benali", role: "Scénariste principale" }]),
      download: { url: "/press-kits/ashen-covenant/kit.zip?lang=fr", bytes: expect.any(Number) },
    });
    // Awards come from home.yaml, for this game.
    expect(ashen.awards.map((award) => award.year)).toEqual([2025, 2025, 2024]);
    expect(ashen.awards[0]).toEqual({
      title: "Jeu de l'année",
      organization: "Northern Lights Game Awards",
      year: 2025,
    });
    expect(ashen.images[0]).toEqual({
      name: "key-art.jpg",
      caption: "Illustration principale (portrait)",
      format: "JPEG",
      bytes: fs.statSync(path.join(testContent, "press/ashen-covenant/files/key-art.jpg")).size,
      width: 1200,
      height: 1500,
      url: "/press-kits/ashen-covenant/files/key-art.jpg",
      thumbnail: { url: "/press-kits/ashen-covenant/thumbs/key-art.jpg.webp", width: 480, height: 600 },
    });
    expect(ashen.logos.map((logo) => logo.format)).toEqual(["SVG", "PNG"]);
    expect(ashen.videos[0]).toMatchObject({
      title: "Bande-annonce de lancement",
      url: "https://ashencovenant.stormkettle.example/videos/launch-trailer",
      poster: { url: "/press-kits/ashen-covenant/thumbs/header.jpg.webp" },
    });

    // A trailer: its provider and id, from the address the studio wrote, over one of its images.
    expect(body.current[3]!.trailer).toEqual({
      provider: "youtube",
      id: "Hq3vT7bNd2A",
      title: "Bande-annonce de lancement de Tidebound",
      poster: {
        url: "/press-kits/tidebound/thumbs/scene.jpg.webp",
        width: expect.any(Number),
        height: expect.any(Number),
      },
      uploadDate: "2019-05-28",
    });
    expect(ashen.trailer).toBeNull();

    // An archived kit keeps the facts and the awards of its day.
    const original = body.archive[1]!;
    expect(original.facts).toMatchObject({ platforms: ["PC"], releaseDate: "2016-11-08" });
    expect(original.awards).toEqual([]);
    const studio2019 = body.archive[0]!;
    expect(studio2019.awards.map((award) => award.year)).toEqual([2019]);
  });

  it("serves one kit, answers 404 for an unknown kit and 400 for junk", async () => {
    const kit = (await (await get("/api/presses/tidebound?lang=es")).json()) as PressKit;
    expect(kit.description).toMatch(/^Tidebound es una aventura náutica/);
    expect(kit.facts.basedIn).toBe("Dublín (Irlanda) y Kuala Lumpur (Malasia)");

    const unknown = await get("/api/presses/half-life-3");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ messages: ["NOT_FOUND"] });

    for (const url of [
      "/api/presses?lang=de",
      "/api/presses?lang=en&lang=fr",
      "/api/presses/Tidebound",
      "/api/presses/tidebound?lang=EN",
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect((await res.json()).messages, url).toEqual([expect.any(String)]);
    }
  });
});

describe("press kit files", () => {
  it("downloads each listed file as an attachment, and its thumbnail inline", async () => {
    const res = await get("/press-kits/tidebound/files/logo.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="tidebound-logo.png"');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(
      fs.readFileSync(path.join(testContent, "press/tidebound/files/logo.png")),
    );
    const etag = res.headers.get("etag")!;
    expect((await get("/press-kits/tidebound/files/logo.png", { "If-None-Match": etag })).status).toBe(304);

    const thumb = await get("/press-kits/tidebound/thumbs/logo.png.webp");
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("content-disposition")).toBe("inline");
  });

  it("serves nothing the kit does not list", async () => {
    expect((await get("/press-kits/tidebound/files/key-art.png")).status).toBe(404);
    expect((await get("/press-kits/nope/files/logo.png")).status).toBe(404);
    expect((await get("/press-kits/tidebound/thumbs/logo.png")).status).toBe(404);
    const traversal = await get("/press-kits/tidebound/files/..%2F..%2Fstudio.yaml");
    expect(traversal.status).toBe(400);
    expect((await traversal.json()).messages).toHaveLength(1);
  });
});

describe("the whole kit as one zip", () => {
  it("holds the images, the logos and the fact sheet in the language asked", async () => {
    const res = await get("/press-kits/the-lantern-court/kit.zip?lang=es");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="stormkettle-the-lantern-court-press-kit-es.zip"',
    );
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(zip).sort()).toEqual([
      "the-lantern-court/fact-sheet-es.md",
      "the-lantern-court/images/header.jpg",
      "the-lantern-court/images/key-art.jpg",
      "the-lantern-court/images/scene.jpg",
      "the-lantern-court/logos/logo.png",
      "the-lantern-court/logos/logo.svg",
    ]);
    expect(Buffer.from(zip["the-lantern-court/images/key-art.jpg"]!)).toEqual(
      fs.readFileSync(path.join(testContent, "press/the-lantern-court/files/key-art.jpg")),
    );
    const factSheet = new TextDecoder().decode(zip["the-lantern-court/fact-sheet-es.md"]);
    expect(factSheet).toContain("# The Lantern Court — kit de prensa");
    expect(factSheet).toContain("- **Fecha de lanzamiento:** 4 de marzo de 2021");
    expect(factSheet).toContain("Excelencia en diseño de juegos — European Interactive Arts Festival, 2021");
    expect(factSheet).toContain("- images/key-art.jpg — Ilustración principal (vertical) (JPEG, 1200 × 1500");
  });

  it("is built once: later requests are served from the cached file, or 304", async () => {
    const first = await get("/press-kits/tidebound/kit.zip?lang=en");
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const cached = zipFiles().filter((name) => name.startsWith("tidebound-en-"));
    expect(cached).toEqual([`tidebound-en-${etag.replaceAll('"', "")}.zip`]);
    const inode = fs.statSync(path.join(zipDir, cached[0]!)).ino;

    const second = await get("/press-kits/tidebound/kit.zip?lang=en");
    expect(second.headers.get("etag")).toBe(etag);
    expect(Buffer.from(await second.arrayBuffer()).length).toBe(Number(second.headers.get("content-length")));
    expect(fs.statSync(path.join(zipDir, cached[0]!)).ino).toBe(inode);

    const revalidated = await get("/press-kits/tidebound/kit.zip?lang=en", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);

    expect((await get("/press-kits/tidebound/kit.zip?lang=xx")).status).toBe(400);
    expect((await get("/press-kits/nope/kit.zip")).status).toBe(404);
  });

  it("is built again when its stored file went behind this process's back", async () => {
    const first = await get("/press-kits/tidebound/kit.zip?lang=fr");
    const bytes = Buffer.from(await first.arrayBuffer());
    const [stored] = zipFiles().filter((name) => name.startsWith("tidebound-fr-"));
    fs.rmSync(path.join(zipDir, stored!));
    const again = await get("/press-kits/tidebound/kit.zip?lang=fr");
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(bytes);
    expect(zipFiles()).toContain(stored);
  });

  it("is served by every process from the one file store, built by the first that needed it", async () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), "press-shared-"));
    try {
      const store = createLocalFileStore(shared);
      const puts: string[] = [];
      const counting = {
        ...store,
        put(key: string, bytes: Uint8Array) {
          puts.push(key);
          return store.put(key, bytes);
        },
      };
      const one = createPressKits({ db: database.db, contentDir, files: counting });
      const other = createPressKits({ db: database.db, contentDir, files: counting });
      const built = await one.zip("tidebound", "es");
      const served = await other.zip("tidebound", "es");
      expect(puts).toEqual([built!.file]);
      expect(served).toMatchObject({ file: built!.file, etag: built!.etag, bytes: built!.bytes });
    } finally {
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });

  it("builds a zip asked for many times at once only once, and never leaves a partial file", async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "press-data-"));
    try {
      const kits = createPressKits({ db: database.db, contentDir, files: createLocalFileStore(fresh) });
      const results = await Promise.all(Array.from({ length: 6 }, () => kits.zip("ashen-covenant", "fr")));
      expect(new Set(results.map((zip) => zip!.etag)).size).toBe(1);
      expect(fs.readdirSync(path.join(fresh, "press-zips"))).toEqual([path.basename(results[0]!.file)]);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("is rebuilt under a new name when the kit's files change, and the old one removed", async () => {
    const before = await get("/press-kits/tidebound/kit.zip?lang=en");
    await before.arrayBuffer();
    const file = path.join(contentDir, "press/tidebound/kit.yaml");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("Siobhán Kelly", "Siobhán Kelly-Byrne"));
    await stampContent(contentDir);
    await loadContent(database.db, contentDir, contentKinds, logger);

    const after = await get("/press-kits/tidebound/kit.zip?lang=en");
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const zip = unzipSync(new Uint8Array(await after.arrayBuffer()));
    expect(new TextDecoder().decode(zip["tidebound/fact-sheet-en.md"])).toContain("Siobhán Kelly-Byrne");
    expect(zipFiles().filter((name) => name.startsWith("tidebound-en-"))).toEqual([
      `tidebound-en-${after.headers.get("etag")!.replaceAll('"', "")}.zip`,
    ]);
  });
});

describe("sitemap", () => {
  it("lists the current game kits, not the studio's (it is /press) nor archived ones", async () => {
    const paths = (await listSitemapPages(database.db, await routeManifest())).map((page) => page.path);
    expect(paths.filter((p) => p.startsWith("/press"))).toEqual([
      "/press",
      "/press/ashen-covenant",
      "/press/the-lantern-court",
      "/press/tidebound",
      "/press/emberfall-tactics",
    ]);
  });
});
