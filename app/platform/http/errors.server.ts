import type { ErrorRequestHandler, RequestHandler } from "express";
import type { z } from "zod";

/**
 * A failure the visitor caused or may see: answered as `{ "messages": [...] }` with its status.
 * Messages are catalogue codes (e.g. TOO_MANY_REQUESTS) or the exact texts of
 * docs/requirements.md#validation-messages; the page translates them under `msg.` (see ui/toasts).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages.join("; "));
  }
}

export const notFound = (message = "Not found") => new HttpError(404, [message]);
export const badRequest = (...messages: string[]) => new HttpError(400, messages);

/** Turns a Zod failure into 400 messages of the form "field: message". */
export function validationError(error: z.ZodError): HttpError {
  const messages = error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message,
  );
  return new HttpError(400, messages.length ? messages : ["INVALID_PARAMETERS"]);
}

/** Parses input with a schema or throws the 400 that names each bad field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(notFound(`No API endpoint ${req.method} ${req.path}`));
};

/** The last handler under /api: every error becomes JSON messages, never a stack trace. */
export const apiErrorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof HttpError) {
    res.status(err.status).set(err.headers).json({ messages: err.messages });
    return;
  }
  // body-parser and multer errors carry a client status (malformed JSON, body too large…).
  const status =
    typeof err?.status === "number" ? err.status : typeof err?.statusCode === "number" ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message =
      err.type === "entity.too.large" || status === 413
        ? "REQUEST_EXCEEDS_LIMIT"
        : err.type === "entity.parse.failed"
          ? "MISSING_POST_BODY"
          : "INVALID_PARAMETERS";
    res.status(status).json({ messages: [message] });
    return;
  }
  req.log?.error({ err }, "api request failed");
  res.status(500).json({ messages: ["INTERNAL_SERVER_ERROR"] });
};
