/**
 * FILE_STORE_URL: where the files visitors send and the site generates are kept when the site
 * runs as several processes on several machines (docs/decisions/0030-shared-file-store.md).
 *
 *     s3://ACCESS_KEY_ID:SECRET_ACCESS_KEY@HOST[:PORT]/BUCKET[/KEY_PREFIX][?region=REGION&tls=false]
 *
 * Any S3-compatible service (AWS S3, MinIO, Cloudflare R2, Ceph…), addressed path-style
 * (`https://HOST/BUCKET/KEY`), which all of them answer. The credentials are percent-encoded as
 * in any URL (a "/" in a secret is `%2F`); `tls=false` speaks plain HTTP (a store on the same
 * private network, or the tests' stand-in); `region` defaults to us-east-1, which MinIO and R2
 * ignore. A key prefix lets several sites share one bucket.
 */
export type FileStoreLocation = {
  endpoint: string;
  bucket: string;
  /** "" or "site-a/": what every key is stored under. */
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const prefixSegment = /^[\w.-]{1,100}$/;

export class FileStoreUrlError extends Error {}

/** Reads a FILE_STORE_URL; throws a FileStoreUrlError saying what is wrong, never echoing the secret. */
export function parseFileStoreUrl(value: string): FileStoreLocation {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FileStoreUrlError("not a URL (expected s3://KEY:SECRET@host[:port]/bucket)");
  }
  if (url.protocol !== "s3:") throw new FileStoreUrlError(`must start with s3:// (got ${url.protocol}//)`);
  if (!url.hostname)
    throw new FileStoreUrlError("names no host (expected s3://KEY:SECRET@host[:port]/bucket)");
  if (!url.username || !url.password)
    throw new FileStoreUrlError("needs the access key and secret: s3://KEY:SECRET@host/bucket");
  const [bucket = "", ...rest] = url.pathname.replace(/^\/+|\/+$/g, "").split("/");
  if (!bucketName.test(bucket))
    throw new FileStoreUrlError(
      bucket
        ? `"${bucket}" is not a bucket name (3 to 63 lowercase letters, digits, '.' or '-')`
        : "names no bucket (expected s3://KEY:SECRET@host[:port]/bucket)",
    );
  if (!rest.every((segment) => prefixSegment.test(segment) && segment !== "." && segment !== ".."))
    throw new FileStoreUrlError(
      "the key prefix after the bucket may hold letters, digits, '_', '.' or '-' only",
    );
  const known = new Set(["region", "tls"]);
  const unknown = [...url.searchParams.keys()].filter((key) => !known.has(key));
  if (unknown.length)
    throw new FileStoreUrlError(`unknown option ${unknown.join(", ")} (known: region, tls)`);
  const tls = url.searchParams.get("tls") ?? "true";
  if (tls !== "true" && tls !== "false") throw new FileStoreUrlError("tls must be true or false");
  const region = url.searchParams.get("region") ?? "us-east-1";
  if (!/^[a-z0-9-]{1,50}$/.test(region)) throw new FileStoreUrlError(`"${region}" is not a region name`);
  let accessKeyId: string;
  let secretAccessKey: string;
  try {
    accessKeyId = decodeURIComponent(url.username);
    secretAccessKey = decodeURIComponent(url.password);
  } catch {
    throw new FileStoreUrlError("the access key or secret is not percent-encoded correctly");
  }
  return {
    endpoint: `${tls === "true" ? "https" : "http"}://${url.host}`,
    bucket,
    prefix: rest.length ? `${rest.join("/")}/` : "",
    region,
    accessKeyId,
    secretAccessKey,
  };
}

/** The URL as it may be logged or shown: without its credentials. */
export function describeFileStoreUrl(value: string): string {
  try {
    const url = new URL(value);
    url.username = "";
    url.password = "";
    return url.toString();
  } catch {
    return "(not a URL)";
  }
}
