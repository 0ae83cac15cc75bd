import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { checkKey, type FileStore, FileStoreUnavailable, type StoredFile } from "./file-store.server";
import type { FileStoreLocation } from "./file-store-url";

/** An answer of the store's own saying the object is not there (GET's NoSuchKey, HEAD's bare 404). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Files in a bucket of an S3-compatible store (file-store-url.ts says which). A PUT is whole or
 * nothing on every S3-compatible store, so a reader never sees half a file.
 */
export function createS3FileStore(location: FileStoreLocation, description: string): FileStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
    forcePathStyle: true,
    // The SDK's default CRC32 checksums are not understood by every S3-compatible store.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the request in seconds (then 503), not minutes.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
  });
  const Bucket = location.bucket;
  const objectKey = (key: string) => location.prefix + checkKey(key);

  /** The store's answer, "not there" as null; anything else makes the store unavailable. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (err) {
      if (isMissing(err)) return null;
      throw new FileStoreUnavailable(what, err);
    }
  }

  return {
    description,
    async put(key, bytes) {
      const Key = objectKey(key);
      await call("put", () =>
        client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentLength: bytes.byteLength })),
      );
    },
    async get(key) {
      const Key = objectKey(key);
      return call("get", async () => {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      });
    },
    async stream(key) {
      const Key = objectKey(key);
      return call("get", async () => {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key }));
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      });
    },
    async stat(key) {
      const Key = objectKey(key);
      return call("head", async () => {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { key, size: answer.ContentLength ?? 0, modified: answer.LastModified ?? new Date(0) };
      });
    },
    async delete(key) {
      const Key = objectKey(key);
      await call("delete", () => client.send(new DeleteObjectCommand({ Bucket, Key })));
    },
    async list(prefix) {
      if (prefix) checkKey(prefix.replace(/\/$/, ""));
      const found: StoredFile[] = [];
      let token: string | undefined;
      do {
        const page = await call("list", () =>
          client.send(
            new ListObjectsV2Command({ Bucket, Prefix: location.prefix + prefix, ContinuationToken: token }),
          ),
        );
        if (!page) throw new FileStoreUnavailable("list", new Error(`no bucket ${Bucket}`));
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          found.push({
            key: object.Key.slice(location.prefix.length),
            size: object.Size ?? 0,
            modified: object.LastModified ?? new Date(0),
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
    async ping() {
      return client.send(new HeadBucketCommand({ Bucket })).then(
        () => true,
        () => false,
      );
    },
    close() {
      client.destroy();
    },
  };
}
