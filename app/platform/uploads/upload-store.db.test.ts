import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type S3StandIn, s3StoreFor, startS3StandIn } from "../../../tests/support/s3-stand-in";
import { createTestDatabase } from "../../../tests/support/test-db";
import type { Database } from "../db/client.server";
import { uploads } from "../db/schema";
import { createLocalFileStore, type FileStore } from "../files/file-store.server";
import { apiErrorHandler, apiNotFound } from "../http/errors.server";
import { createLogger } from "../logging.server";
import * as sample from "./test-samples";
import { createUploadRouter } from "./upload-routes.server";
import { createUploadStore, type UploadStore, uploadKey } from "./upload-store.server";

const TYPE = "File type is not supported.";
const LARGE = "File is to large.";
const LIMIT = "File limit (1) or max 5 MB files size error.";

let database: Database;
let dir: string;
let files: FileStore;
let store: UploadStore;
let server: ReturnType<express.Express["listen"]>;
let base: string;
let standIn: S3StandIn | undefined;

/** The upload ids whose bytes the store holds, as its own medium shows them. */
function held(): string[] {
  if (standIn)
    return standIn
      .keys()
      .filter((key) => key.startsWith("uploads/"))
      .map((key) => key.slice("uploads/".length));
  const folder = path.join(dir, "uploads");
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => !name.startsWith(".")) : [];
}

/** Makes a stored file look written at `when` (the purge goes by the store's own times). */
function backdate(id: string, when: Date) {
  const file = standIn ? standIn.objectPath(uploadKey(id)) : path.join(dir, "uploads", id);
  fs.utimesSync(file, when, when);
}

/** The same tests on the local disk and on an S3-compatible store (its local stand-in). */
describe.each([
  ["local disk", "local"],
  ["S3-compatible store", "s3"],
] as const)("upload store, files on the %s", (_name, kind) => {
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
    if (kind === "s3") standIn = await startS3StandIn();
    files = standIn ? s3StoreFor(standIn.url) : createLocalFileStore(dir);
    // The defaults of docs/requirements.md#uploads: one file, 5000 KB.
    store = createUploadStore({
      db: database.db,
      files,
      limits: { maxFiles: 1, maxKb: 5000 },
      logger: createLogger("silent"),
    });
    const app = express();
    app.use("/api", express.json(), createUploadRouter(store), apiNotFound, apiErrorHandler);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    files.close();
    await standIn?.close();
    standIn = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await database.db.delete(uploads);
    for (const file of await files.list("uploads/")) await files.delete(file.key);
  });

  function form(
    files: Array<[name: string, bytes: Uint8Array<ArrayBuffer>]>,
    fields: Record<string, string> = {},
    field = "file",
  ) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    for (const [name, bytes] of files) body.append(field, new Blob([bytes]), name);
    return body;
  }

  async function post(body: BodyInit, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}/api/uploads`, { method: "POST", body, headers });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }

  async function stored() {
    return { rows: await database.db.$count(uploads), files: held().length };
  }

  describe("POST /api/uploads", () => {
    it.each([
      ["screenshot.png", sample.png, "image/png"],
      ["report.pdf", sample.pdf, "application/pdf"],
      ["notes.txt", sample.text, "text/plain; charset=utf-8"],
    ])("stores %s outside the web root and answers its id", async (name, bytes, type) => {
      const { status, json } = await post(form([[name, bytes]], { form: "support", platform: "pc" }));
      expect(status).toBe(200);
      expect(json).toMatchObject({ name, size: bytes.length, type });
      const id = json.id as string;
      expect(json.deleteUrl).toMatch(new RegExp(`^/api/uploads/${id}/[A-Za-z0-9_-]{43}$`));
      expect(json.files).toEqual([{ id, name, size: bytes.length, type, deleteUrl: json.deleteUrl }]);
      // Stored under a generated name, byte for byte.
      expect(held()).toEqual([id]);
      expect(Buffer.from((await files.get(uploadKey(id)))!).equals(bytes)).toBe(true);
      const [row] = await database.db.select().from(uploads).where(eq(uploads.id, id));
      expect(row).toMatchObject({
        originalName: name,
        mimeType: type,
        payload: { form: "support", platform: "pc" },
      });
      // The token itself is never stored, only its hash.
      expect(row!.deleteTokenHash).not.toContain(String(json.deleteUrl).split("/").pop());
    });

    it("keeps non-ASCII file names intact", async () => {
      const { status, json } = await post(form([["résumé été.pdf", sample.pdf]]));
      expect(status).toBe(200);
      expect(json.name).toBe("résumé été.pdf");
    });

    it.each([
      ["an executable renamed .png", "cat.png", sample.windowsExecutable],
      ["PNG bytes named .pdf", "report.pdf", sample.png],
      ["invalid UTF-8 named .txt", "notes.txt", sample.invalidUtf8],
    ])("refuses %s with 415 and stores nothing", async (_what, name, bytes) => {
      const { status, json } = await post(form([[name, bytes]]));
      expect(status).toBe(415);
      expect(json).toEqual({ messages: [TYPE] });
      expect(await stored()).toEqual({ rows: 0, files: 0 });
    });

    const logs = { "crash.log": sample.text, "shots/boss.png": sample.png };

    it.each([
      ["zip", "application/zip", async () => sample.zip(logs)],
      ["7z", "application/x-7z-compressed", () => sample.sevenZipArchive(logs)],
      ["rar", "application/x-rar-compressed", async () => sample.rar(logs)],
    ])("stores a %s of logs and screenshots", async (ext, type, make) => {
      const { status, json } = await post(form([[`logs.${ext}`, await make()]]));
      expect(status).toBe(200);
      expect(json).toMatchObject({ name: `logs.${ext}`, type });
      expect(await stored()).toEqual({ rows: 1, files: 1 });
    });

    it.each([
      [
        "a zip holding a Windows program",
        "zip",
        async () => sample.zip({ ...logs, "tool.exe": sample.windowsExecutable }),
      ],
      [
        "a 7z holding a script",
        "7z",
        () => sample.sevenZipArchive({ ...logs, "fix.txt": sample.shellScript }),
      ],
      [
        "a rar holding a Linux program",
        "rar",
        async () => sample.rar({ ...logs, "bin/tool": sample.linuxExecutable }),
      ],
      [
        "a zip holding a zip holding a zip",
        "zip",
        async () => sample.zip({ "a.zip": sample.zip({ "b.zip": sample.zip(logs) }) }),
      ],
      ["an encrypted 7z", "7z", () => sample.sevenZipArchive(logs, { password: "pw" })],
    ])("refuses %s with 415 and stores nothing", async (_what, ext, make) => {
      const { status, json } = await post(form([[`logs.${ext}`, await make()]]));
      expect(status).toBe(415);
      expect(json).toEqual({ messages: [TYPE] });
      expect(await stored()).toEqual({ rows: 0, files: 0 });
    });

    it("refuses a file over the size limit with 413 and the exact text", async () => {
      const big = Buffer.concat([sample.png, Buffer.alloc(5000 * 1024 + 1 - sample.png.length)]);
      const { status, json } = await post(form([["huge.png", big]]));
      expect(status).toBe(413);
      expect(json).toEqual({ messages: [LARGE] });
      expect(await stored()).toEqual({ rows: 0, files: 0 });
    });

    it("accepts a file of exactly the limit", async () => {
      const exact = Buffer.concat([sample.png, Buffer.alloc(5000 * 1024 - sample.png.length)]);
      const { status } = await post(form([["exact.png", exact]]));
      expect(status).toBe(200);
    });

    it("refuses more files than allowed with 400 and the limit text", async () => {
      const { status, json } = await post(
        form([
          ["a.png", sample.png],
          ["b.png", sample.png],
        ]),
      );
      expect(status).toBe(400);
      expect(json).toEqual({ messages: [LIMIT] });
      expect(await stored()).toEqual({ rows: 0, files: 0 });
    });

    it.each([
      ["no file field", () => post(form([], { form: "support" }))],
      ["a file under another field", () => post(form([["a.png", sample.png]], {}, "attachment"))],
      [
        "junk multipart",
        () => post("--xyz\r\nnot a part at all", { "content-type": "multipart/form-data; boundary=xyz" }),
      ],
      ["multipart without a boundary", () => post("junk", { "content-type": "multipart/form-data" })],
      ["a JSON body", () => post(JSON.stringify({ file: "x" }), { "content-type": "application/json" })],
      ["malformed JSON", () => post("{nope", { "content-type": "application/json" })],
      [
        "too many payload fields",
        () =>
          post(
            form(
              [["a.png", sample.png]],
              Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, "x"])),
            ),
          ),
      ],
    ])("answers 400 with messages for %s, never 5xx", async (_what, send) => {
      const { status, json } = await send();
      expect(status).toBe(400);
      expect(json.messages).toEqual([expect.any(String)]);
      expect(await stored()).toEqual({ rows: 0, files: 0 });
    });
  });

  describe("DELETE /api/uploads/:id/:token", () => {
    const remove = async (url: string) => {
      const res = await fetch(`${base}${url}`, { method: "DELETE" });
      return { status: res.status, body: await res.text() };
    };

    it("removes an unattached upload with its token, row and file", async () => {
      const { json } = await post(form([["a.png", sample.png]]));
      expect(await remove(json.deleteUrl as string)).toEqual({ status: 204, body: "" });
      expect(await stored()).toEqual({ rows: 0, files: 0 });
      expect((await remove(json.deleteUrl as string)).status).toBe(404);
    });

    it("answers a wrong token exactly like an unknown id", async () => {
      const { json } = await post(form([["a.png", sample.png]]));
      const id = json.id as string;
      const wrongToken = await remove(`/api/uploads/${id}/${"A".repeat(43)}`);
      const unknownId = await remove(`/api/uploads/${crypto.randomUUID()}/${"A".repeat(43)}`);
      const malformedId = await remove(`/api/uploads/not-a-uuid/${"A".repeat(43)}`);
      expect(wrongToken.status).toBe(404);
      expect(unknownId).toEqual(wrongToken);
      expect(malformedId).toEqual(wrongToken);
      expect(await stored()).toEqual({ rows: 1, files: 1 });
    });

    it("refuses to remove an upload once a form has attached it", async () => {
      const { json } = await post(form([["a.png", sample.png]]));
      await store.attach(database.db, [json.id as string], "contact:1");
      expect((await remove(json.deleteUrl as string)).status).toBe(404);
      expect(await stored()).toEqual({ rows: 1, files: 1 });
    });
  });

  describe("attach", () => {
    it("attaches uploads in the caller's transaction and returns where they are", async () => {
      const { json } = await post(form([["a.png", sample.png]]));
      const id = json.id as string;
      const attached = await database.db.transaction((tx) => store.attach(tx, [id, id], "support:7"));
      expect(attached).toEqual([
        { id, name: "a.png", size: sample.png.length, type: "image/png", file: `uploads/${id}` },
      ]);
      // The same owner may attach again (a resubmitted form); another owner may not.
      await expect(store.attach(database.db, [id], "support:7")).resolves.toHaveLength(1);
      await expect(store.attach(database.db, [id], "contact:9")).rejects.toMatchObject({ status: 400 });
    });

    it("is undone when the feature's transaction rolls back", async () => {
      const { json } = await post(form([["a.png", sample.png]]));
      await expect(
        database.db.transaction(async (tx) => {
          await store.attach(tx, [json.id as string], "support:8");
          throw new Error("feature failed");
        }),
      ).rejects.toThrow("feature failed");
      const [row] = await database.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, json.id as string));
      expect(row!.attachedTo).toBeNull();
    });

    it("refuses unknown or malformed ids and more files than the limit", async () => {
      await expect(store.attach(database.db, [crypto.randomUUID()], "x")).rejects.toMatchObject({
        status: 400,
        messages: ["INVALID_PARAMETERS"],
      });
      await expect(store.attach(database.db, ["1; drop table uploads"], "x")).rejects.toMatchObject({
        status: 400,
      });
      await expect(
        store.attach(database.db, [crypto.randomUUID(), crypto.randomUUID()], "x"),
      ).rejects.toMatchObject({
        status: 400,
        messages: [LIMIT],
      });
    });
  });

  describe("purgeStale", () => {
    it("removes unattached uploads older than a day, rows and files, and orphaned files", async () => {
      const ids: string[] = [];
      for (const name of ["old.png", "old-attached.png", "fresh.png"]) {
        const { json } = await post(form([[name, sample.png]]));
        ids.push(json.id as string);
      }
      const [old, oldAttached, fresh] = ids as [string, string, string];
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
      await database.db.update(uploads).set({ createdAt: twoDaysAgo }).where(eq(uploads.id, old));
      await database.db.update(uploads).set({ createdAt: twoDaysAgo }).where(eq(uploads.id, oldAttached));
      await store.attach(database.db, [oldAttached], "support:1");
      // A file whose row never got written (a crash mid-upload), old and recent.
      const orphanOld = crypto.randomUUID();
      const orphanNew = crypto.randomUUID();
      await files.put(uploadKey(orphanOld), new TextEncoder().encode("x"));
      backdate(orphanOld, twoDaysAgo);
      await files.put(uploadKey(orphanNew), new TextEncoder().encode("x"));

      expect(await store.purgeStale()).toBe(2);

      const left = (await database.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id).sort();
      expect(left).toEqual([oldAttached, fresh].sort());
      expect(held().sort()).toEqual([oldAttached, fresh, orphanNew].sort());
    });

    it("copes with a store where nothing was ever stored", async () => {
      const nothing = standIn
        ? s3StoreFor(standIn.url.replace("/site-files?", "/site-files/never-used?"))
        : createLocalFileStore(path.join(dir, "missing"));
      const empty = createUploadStore({
        db: database.db,
        files: nothing,
        limits: { maxFiles: 1, maxKb: 5000 },
        logger: createLogger("silent"),
      });
      expect(await empty.purgeStale()).toBe(0);
      nothing.close();
    });
  });

  describe("a store that fails", () => {
    it("keeps neither row nor file of a save whose second file could not be stored", async () => {
      let puts = 0;
      const failing: FileStore = {
        ...files,
        async put(key, bytes) {
          if (++puts === 2) throw new Error("disk full");
          await files.put(key, bytes);
        },
      };
      const two = createUploadStore({
        db: database.db,
        files: failing,
        limits: { maxFiles: 2, maxKb: 5000 },
        logger: createLogger("silent"),
      });
      await expect(
        two.save([
          { name: "a.png", bytes: sample.png },
          { name: "b.png", bytes: sample.png },
        ]),
      ).rejects.toThrow("disk full");
      expect(puts).toBe(2);
      expect(await stored()).toEqual({ rows: 0, files: 0 });
    });
  });
});
