import { createLocalFileStore, type FileStore } from "./file-store.server";
import { describeFileStoreUrl, parseFileStoreUrl } from "./file-store-url";
import { createS3FileStore } from "./s3-file-store.server";

/** The store FILE_STORE_URL names (validated at boot by config.server.ts), else DATA_DIR. */
export function openFileStore(settings: { FILE_STORE_URL?: string; dataDir: string }): FileStore {
  if (!settings.FILE_STORE_URL) return createLocalFileStore(settings.dataDir);
  return createS3FileStore(
    parseFileStoreUrl(settings.FILE_STORE_URL),
    describeFileStoreUrl(settings.FILE_STORE_URL),
  );
}
