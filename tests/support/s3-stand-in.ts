import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types; the few calls below are its documented API.
import S3rver from "s3rver";
import { parseFileStoreUrl } from "~/platform/files/file-store-url";
import { createS3FileStore } from "~/platform/files/s3-file-store.server";

export type S3StandIn = {
  /** A FILE_STORE_URL for the stand-in's bucket. */
  url: string;
  /** Every key in the bucket, whatever the store's prefix, sorted. */
  keys(): string[];
  /** The stand-in's file holding an object (its mtime is the object's Last-Modified). */
  objectPath(key: string): string;
  /** Stops answering (connections refused), keeping what it holds. */
  stop(): Promise<void>;
  /** Answers again on `port` (the one it had), with what it held. */
  start(port: number): Promise<void>;
  close(): Promise<void>;
};

type StandInStore = {
  putObject(object: { bucket: string; key: string }): Promise<{ size: number }>;
  getResourcePath(bucket: string, key: string, kind: "object"): string;
};

/**
 * S3 answers a PUT once the object is stored: a GET, a listing or its Last-Modified right after
 * see it. s3rver's file store answers once its write stream has been handed the bytes, before
 * they are on disk (its `putObject` does not wait for the stream to finish): a test that touched
 * the object's file right after a put found none (ENOENT, seen once in CI), and a write landing
 * after it could move its time again. Its answer waits here until the file holds every byte.
 * (`store`, `putObject` and `getResourcePath` are s3rver's file store, lib/stores/filesystem.js.)
 */
function answerPutsOnceWritten(store: StandInStore) {
  const put = store.putObject.bind(store);
  store.putObject = async (object) => {
    const stored = await put(object);
    const file = store.getResourcePath(object.bucket, object.key, "object");
    const size = async () => (await fs.promises.stat(file).catch(() => undefined))?.size;
    const deadline = Date.now() + 10_000;
    while ((await size()) !== stored.size) {
      if (Date.now() > deadline)
        throw new Error(`s3 stand-in: ${object.key} never reached ${stored.size} bytes`);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    return stored;
  };
}

/**
 * An S3-compatible store on 127.0.0.1 in this process (s3rver, files in a temporary folder),
 * with one bucket: what FILE_STORE_URL points to in the tests.
 */
export async function startS3StandIn(bucket = "site-files"): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3-stand-in-"));
  const run = async (port: number) => {
    const created = new S3rver({
      port,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    answerPutsOnceWritten(created.store);
    return { server: created, address: (await created.run()) as AddressInfo };
  };
  let { server, address } = await run(0);
  const { port } = address;
  return {
    url: `s3://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}?tls=false`,
    keys() {
      // s3rver keeps each object as "<key>._S3rver_object" beside its metadata files.
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith("._S3rver_object"))
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name.replace(/\._S3rver_object$/, ""))),
        )
        .sort();
    },
    objectPath(key) {
      return path.join(directory, bucket, `${key}._S3rver_object`);
    },
    async stop() {
      await server.close();
      server = undefined;
    },
    async start(again) {
      ({ server } = await run(again));
    },
    async close() {
      await server?.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A store client for the stand-in's URL. */
export const s3StoreFor = (url: string) => createS3FileStore(parseFileStoreUrl(url), url);
