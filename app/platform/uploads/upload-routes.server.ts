import express, { type RequestHandler } from "express";
import multer from "multer";
import { maxBytes } from "~/platform/forms/upload-rules";
import type { HttpError } from "~/platform/http/errors.server";
import { refuseForbiddenText } from "~/platform/http/input-guard.server";
import { type UploadStore, uploadErrors } from "./upload-store.server";

/** Payload fields a form may send with its file, and their sizes (beyond: 400). */
const FIELD_LIMITS = { fields: 20, fieldSize: 2000, fieldNameSize: 64 };

/**
 * `POST /api/uploads` (multipart: field `file` plus payload fields) answers 200
 * `{ id, name, size, type, deleteUrl, files }` (`files` lists every stored file when a form
 * allows several); `DELETE /api/uploads/:id/:token` removes an upload not yet attached.
 * `before` runs ahead of body parsing (the form-tier rate limit).
 */
export function createUploadRouter(store: UploadStore, before: RequestHandler[] = []) {
  const parse = multer({
    storage: multer.memoryStorage(),
    // Browsers send file names as raw UTF-8 bytes; busboy's latin1 default would garble them.
    defParamCharset: "utf8",
    limits: {
      fileSize: maxBytes(store.limits),
      files: store.limits.maxFiles,
      parts: store.limits.maxFiles + FIELD_LIMITS.fields,
      ...FIELD_LIMITS,
    },
  }).array("file", store.limits.maxFiles);
  const parseBody: RequestHandler = (req, res, next) => {
    parse(req, res, (err?: unknown) => next(err === undefined ? undefined : multipartError(err, store)));
  };

  const router = express.Router();
  // The payload fields are only known once multer has read them: checked like a JSON body.
  router.post("/uploads", ...before, parseBody, refuseForbiddenText, async (req, res) => {
    const files = (Array.isArray(req.files) ? req.files : []).map((file) => ({
      name: file.originalname,
      bytes: file.buffer,
    }));
    const stored = await store.save(files, { ...req.body });
    res.status(200).json({ ...stored[0], files: stored });
  });
  router.delete("/uploads/:id/:token", async (req, res) => {
    await store.remove(String(req.params.id), String(req.params.token));
    res.status(204).end();
  });
  return router;
}

/**
 * Multer's and busboy's refusals as the texts of docs/requirements.md#validation-messages or
 * catalogue codes: always a 4xx.
 */
function multipartError(err: unknown, store: UploadStore): HttpError {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case "LIMIT_FILE_SIZE":
        return uploadErrors.size();
      case "LIMIT_FILE_COUNT":
        return uploadErrors.limit(store.limits);
      case "LIMIT_UNEXPECTED_FILE":
        // More files under `file` than allowed, or a file under another field's name.
        return err.field === "file" ? uploadErrors.limit(store.limits) : uploadErrors.invalid();
      default:
        return uploadErrors.invalid();
    }
  }
  // Whatever else the parser throws is a malformed body (no boundary, truncated form…).
  return uploadErrors.missing();
}
