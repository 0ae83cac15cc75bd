import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Writes a file so that it appears whole or not at all: the bytes go to a hidden name in the
 * same folder, then into place in one step. Whoever watches the folder (a mail program, a test
 * reading delivered e-mails, another process serving a cached zip) never reads half a file.
 * (write-file-atomic does the same but names its temporary file after the target, which a
 * folder watcher matching on the name would pick up.)
 *
 * `replace: false` refuses to replace an existing file (EEXIST), as `flag: "wx"` does.
 */
export async function writeWhole(
  file: string,
  bytes: string | Uint8Array,
  options: { replace: boolean; mode?: number },
): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  const partial = path.join(dir, `.${randomUUID()}.partial`);
  await fs.writeFile(partial, bytes, { flag: "wx", mode: options.mode });
  try {
    // link fails when the target exists; rename replaces it, atomically on POSIX.
    if (options.replace) await fs.rename(partial, file);
    else await fs.link(partial, file);
  } finally {
    await fs.rm(partial, { force: true });
  }
}
