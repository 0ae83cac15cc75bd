import crypto from "node:crypto";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "~/platform/db/client.server";
import { uploads } from "~/platform/db/schema";
import type { FileStore } from "~/platform/files/file-store.server";
import { maxBytes, maxMbLabel, type UploadLimits } from "~/platform/forms/upload-rules";
import { HttpError, notFound } from "~/platform/http/errors.server";
import type { Logger } from "~/platform/logging.server";
import { defineTask, type Task } from "~/platform/tasks/task";
import { checkUploadContent } from "./content-check.server";

/** The exact texts of docs/requirements.md#validation-messages, answered as `{ messages: [...] }`. */
export const uploadErrors = {
  type: () => new HttpError(415, ["File type is not supported."]),
  size: () => new HttpError(413, ["File is to large."]),
  limit: (limits: UploadLimits) =>
    new HttpError(400, [`File limit (${limits.maxFiles}) or max ${maxMbLabel(limits)} MB files size error.`]),
  missing: () => new HttpError(400, ["MISSING_POST_BODY"]),
  invalid: () => new HttpError(400, ["INVALID_PARAMETERS"]),
};

/** A file as received: from multer in the API, from `request.formData()` in a page action. */
export type IncomingFile = { name: string; bytes: Uint8Array };

/** The answer of `POST /api/uploads` for one file (docs/requirements.md#uploads: the client reads `id`). */
export type StoredUpload = { id: string; name: string; size: number; type: string; deleteUrl: string };

/** An upload a feature has attached, with the file store's key of its bytes. */
export type AttachedUpload = { id: string; name: string; size: number; type: string; file: string };

export type UploadStore = ReturnType<typeof createUploadStore>;

/** Unattached uploads are kept this long, then purged with their files. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60_000;

const uploadId = z.uuid();
const payloadSchema = z
  .record(z.string().max(64), z.string().max(2000))
  .refine((payload) => Object.keys(payload).length <= 20);

const sha256 = (value: string | Uint8Array) => crypto.createHash("sha256").update(value).digest();

/** The name as shown back: no folders, no control characters, at most 255 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const visible = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return [...visible].slice(0, 255).join("") || "file";
}

/** The file store's key of an upload's bytes (on disk: DATA_DIR/uploads/<id>, as always). */
export const uploadKey = (id: string) => `uploads/${id}`;

/**
 * Files visitors send with forms. Bytes live in the file store (`uploads/<id>`: DATA_DIR/uploads
 * or the bucket of FILE_STORE_URL, never served as such) named by a generated id; the row keeps
 * the original name, the sniffed type, a hash of the delete token and, once a feature used it,
 * its owner.
 */
export function createUploadStore(options: {
  db: Db;
  files: FileStore;
  limits: UploadLimits;
  logger: Logger;
}) {
  const { db, files: store, limits, logger } = options;
  const fileOf = uploadKey;
  const removeFiles = (ids: readonly string[]) => Promise.all(ids.map((id) => store.delete(fileOf(id))));

  /**
   * Checks files against the limits and their content; throws the error text that applies
   * (docs/requirements.md#validation-messages).
   */
  async function vet(files: IncomingFile[]) {
    if (!files.length) throw uploadErrors.missing();
    if (files.length > limits.maxFiles) throw uploadErrors.limit(limits);
    if (files.some((file) => file.bytes.length > maxBytes(limits))) throw uploadErrors.size();
    const total = files.reduce((sum, file) => sum + file.bytes.length, 0);
    if (total > maxBytes(limits)) throw uploadErrors.limit(limits);
    const verdicts = await Promise.all(files.map((file) => checkUploadContent(file.name, file.bytes)));
    return verdicts.map((verdict) => {
      if (!verdict.ok) throw uploadErrors.type();
      return verdict;
    });
  }

  return {
    limits,

    /** Vets and stores files; nothing is kept when any of them is refused. */
    async save(files: IncomingFile[], payload: unknown = {}): Promise<StoredUpload[]> {
      const fields = payloadSchema.safeParse(payload);
      if (!fields.success) throw uploadErrors.invalid();
      const verdicts = await vet(files);
      const prepared = files.map((file, i) => ({
        id: crypto.randomUUID(),
        token: crypto.randomBytes(32).toString("base64url"),
        name: cleanName(file.name),
        bytes: file.bytes,
        verdict: verdicts[i]!,
      }));
      const written: string[] = [];
      try {
        for (const file of prepared) {
          // Listed before the put: a put that failed half-way may still have left something.
          written.push(file.id);
          await store.put(fileOf(file.id), file.bytes);
        }
        await db.insert(uploads).values(
          prepared.map((file) => ({
            id: file.id,
            originalName: file.name,
            mimeType: file.verdict.mimeType,
            extension: file.verdict.extension,
            size: file.bytes.length,
            sha256: sha256(file.bytes).toString("hex"),
            payload: fields.data,
            deleteTokenHash: sha256(file.token).toString("hex"),
          })),
        );
      } catch (err) {
        // Whatever of them is still left (the store down meanwhile) goes with the hourly purge.
        await removeFiles(written).catch((cleanup: unknown) =>
          logger.warn({ err: cleanup }, "upload files of a failed save left for the purge"),
        );
        throw err;
      }
      return prepared.map((file) => ({
        id: file.id,
        name: file.name,
        size: file.bytes.length,
        type: file.verdict.mimeType,
        deleteUrl: `/api/uploads/${file.id}/${file.token}`,
      }));
    },

    /**
     * Deletes an upload its uploader no longer wants. An unknown id, a wrong token and an
     * upload already attached to a form all answer the same 404, so the answer reveals nothing.
     */
    async remove(id: string, token: string): Promise<void> {
      if (!uploadId.safeParse(id).success) throw notFound();
      const [row] = await db
        .select({ hash: uploads.deleteTokenHash })
        .from(uploads)
        .where(and(eq(uploads.id, id), isNull(uploads.attachedTo)));
      const expected = Buffer.from(row?.hash ?? "", "hex");
      const given = sha256(token);
      if (!row || expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
        throw notFound();
      const deleted = await db
        .delete(uploads)
        .where(and(eq(uploads.id, id), isNull(uploads.attachedTo)))
        .returning({ id: uploads.id });
      if (!deleted.length) throw notFound();
      await store.delete(fileOf(id));
    },

    /**
     * Attaches uploads to what a feature stored (e.g. "contact:<id>") in the feature's
     * transaction, so they are no longer purged or deletable. Ids already attached to the same
     * owner are accepted again; unknown ids, or ids of another owner, are refused.
     */
    async attach(tx: Db | Tx, ids: readonly string[], owner: string): Promise<AttachedUpload[]> {
      const unique = [...new Set(ids)];
      if (!unique.length) return [];
      if (unique.length > limits.maxFiles) throw uploadErrors.limit(limits);
      if (!unique.every((id) => uploadId.safeParse(id).success)) throw uploadErrors.invalid();
      const rows = await tx.select().from(uploads).where(inArray(uploads.id, unique)).for("update");
      if (rows.length !== unique.length || rows.some((row) => row.attachedTo && row.attachedTo !== owner)) {
        throw uploadErrors.invalid();
      }
      if (rows.reduce((sum, row) => sum + row.size, 0) > maxBytes(limits)) throw uploadErrors.limit(limits);
      await tx.update(uploads).set({ attachedTo: owner }).where(inArray(uploads.id, unique));
      return rows.map((row) => ({
        id: row.id,
        name: row.originalName,
        size: row.size,
        type: row.mimeType,
        file: fileOf(row.id),
      }));
    },

    /** The files attached to `owner` (for a data-rights export), oldest first. */
    async owned(owner: string): Promise<AttachedUpload[]> {
      const rows = await db
        .select()
        .from(uploads)
        .where(eq(uploads.attachedTo, owner))
        .orderBy(uploads.createdAt);
      return rows.map((row) => ({
        id: row.id,
        name: row.originalName,
        size: row.size,
        type: row.mimeType,
        file: fileOf(row.id),
      }));
    },

    /**
     * Deletes every file attached to these owners, rows and bytes (a deletion on request or by
     * a retention rule). Returns how many files went.
     */
    async removeOwned(owners: readonly string[]): Promise<number> {
      if (!owners.length) return 0;
      const gone = await db
        .delete(uploads)
        .where(inArray(uploads.attachedTo, [...owners]))
        .returning({ id: uploads.id });
      await removeFiles(gone.map((row) => row.id));
      return gone.length;
    },

    /**
     * Deletes the files of uploads whose rows a feature deleted itself (a retention purge that
     * deletes rows in its own transaction).
     */
    async removeFiles(ids: readonly string[]): Promise<void> {
      await removeFiles(ids);
    },

    /** An upload's bytes, or null when its file is gone. */
    read(file: string): Promise<Uint8Array | null> {
      return store.get(file);
    },

    /**
     * Removes uploads nobody attached within a day (row and file), and files left without a
     * row by a crash between writing the file and inserting its row. Returns how many went.
     */
    async purgeStale(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - UNATTACHED_TTL_MS);
      const stale = await db
        .delete(uploads)
        .where(and(isNull(uploads.attachedTo), lt(uploads.createdAt, cutoff)))
        .returning({ id: uploads.id });
      await removeFiles(stale.map((row) => row.id));

      const old = (await store.list("uploads/"))
        .filter((file) => file.modified < cutoff)
        .map((file) => file.key.slice("uploads/".length))
        .filter((name) => uploadId.safeParse(name).success);
      let orphans = 0;
      if (old.length) {
        const known = new Set(
          (await db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, old))).map(
            (r) => r.id,
          ),
        );
        for (const name of old.filter((n) => !known.has(n))) {
          await store.delete(fileOf(name));
          orphans++;
        }
      }
      if (stale.length || orphans) logger.info({ stale: stale.length, orphans }, "purged unattached uploads");
      return stale.length + orphans;
    },
  };
}

/** Purges stale uploads at start and then hourly. */
export function uploadPurgeTask(store: UploadStore): Task {
  return defineTask({ name: "upload-purge", everyMs: 60 * 60_000, run: () => store.purgeStale() });
}
