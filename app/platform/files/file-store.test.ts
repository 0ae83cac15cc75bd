import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, s3StoreFor, startS3StandIn } from "../../../tests/support/s3-stand-in";
import { createLocalFileStore, type FileStore, isFileStoreUnavailable } from "./file-store.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | null) => (data ? new TextDecoder().decode(data) : null);

/** What every store promises (file-store.server.ts), run against the local disk and the S3 stand-in. */
describe.each([
  ["local disk", "local"],
  ["S3-compatible store", "s3"],
] as const)("file store: %s", (_name, kind) => {
  let store: FileStore;
  let dir: string;
  let standIn: S3StandIn | undefined;
  /** The files as the store's own medium holds them (a folder, the stand-in's bucket). */
  let held: () => string[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "file-store-test-"));
    if (kind === "local") {
      store = createLocalFileStore(dir);
      held = () =>
        fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
          .sort();
    } else {
      standIn = await startS3StandIn();
      store = s3StoreFor(standIn.url);
      held = () => standIn!.keys();
    }
  });

  afterAll(async () => {
    store.close();
    await standIn?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("gives back what was put, whole and as a stream, and replaces it on a second put", async () => {
    await store.put("uploads/a1", bytes("first"));
    expect(text(await store.get("uploads/a1"))).toBe("first");
    await store.put("uploads/a1", bytes("second, longer"));
    expect(text(await store.get("uploads/a1"))).toBe("second, longer");
    const streamed = await store.stream("uploads/a1");
    expect(streamed?.size).toBe(14);
    expect((await buffer(streamed!.body)).toString()).toBe("second, longer");
    expect(await store.stat("uploads/a1")).toMatchObject({ key: "uploads/a1", size: 14 });
  });

  it("answers null for a file it does not have, and deleting one is no error", async () => {
    expect(await store.get("uploads/none")).toBeNull();
    expect(await store.stream("uploads/none")).toBeNull();
    expect(await store.stat("uploads/none")).toBeNull();
    await store.delete("uploads/none");
  });

  it("deletes a file for good", async () => {
    await store.put("uploads/gone", bytes("x"));
    await store.delete("uploads/gone");
    expect(await store.get("uploads/gone")).toBeNull();
    expect(held()).not.toContain("uploads/gone");
  });

  it("lists the files under a prefix only, with sizes and times", async () => {
    const before = Date.now() - 60_000;
    await store.put("press-zips/kit-en-111.zip", bytes("en"));
    await store.put("press-zips/kit-fr-222.zip", bytes("fr!"));
    await store.put("press-zips/other-en-333.zip", bytes("o"));
    const listed = await store.list("press-zips/kit-");
    expect(listed.map((f) => [f.key, f.size]).sort()).toEqual([
      ["press-zips/kit-en-111.zip", 2],
      ["press-zips/kit-fr-222.zip", 3],
    ]);
    expect(listed[0]!.modified.getTime()).toBeGreaterThan(before);
    expect((await store.list("press-zips/")).map((f) => f.key)).toContain("press-zips/other-en-333.zip");
    expect(await store.list("nothing-here/")).toEqual([]);
  });

  it("refuses keys that could leave its folder or bucket", async () => {
    for (const key of ["../escape", "uploads/../../x", "/abs", "uploads//x", "a b"])
      await expect(store.put(key, bytes("x")), key).rejects.toThrow(/invalid key/);
    expect(held().some((k) => k.includes("escape"))).toBe(false);
  });

  it("keeps nothing of a put that failed", async () => {
    const before = held();
    if (kind === "local") {
      // A folder where the file should go: the write is refused after the bytes were written.
      fs.mkdirSync(path.join(dir, "uploads", "taken"), { recursive: true });
      await expect(store.put("uploads/taken", bytes("lost"))).rejects.toThrow();
      fs.rmdirSync(path.join(dir, "uploads", "taken"));
    } else {
      // The same bucket through a store that cannot be reached: refused as unavailable.
      const closed = await closedPort();
      const unreachable = s3StoreFor(standIn!.url.replace(/:\d+\//, `:${closed}/`));
      const err = await unreachable.put("uploads/taken", bytes("lost")).catch((e: unknown) => e);
      unreachable.close();
      expect(isFileStoreUnavailable(err)).toBe(true);
    }
    expect(held()).toEqual(before);
    expect(await store.list("uploads/taken")).toEqual([]);
  });
});

/** A port on 127.0.0.1 nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
