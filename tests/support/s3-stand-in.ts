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
