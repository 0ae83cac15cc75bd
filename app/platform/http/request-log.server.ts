/**
 * What one request's log line says: method, path, status, duration (pino-http adds it) and the
 * request id. No headers, cookies or query strings, and no secret path segments: delete and
 * management links carry tokens in their path (e.g. /api/uploads/{id}/{token}), and logs are
 * read by more people than those links are meant for.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A random-looking segment: long base64url with capitals and digits, or long without words. */
function looksLikeToken(segment: string): boolean {
  if (UUID.test(segment) || !/^[A-Za-z0-9_-]+$/.test(segment)) return false;
  if (segment.length >= 20 && /[A-Z]/.test(segment) && /\d/.test(segment)) return true;
  return segment.length >= 32 && !segment.includes("-");
}

export function redactPath(url: string): string {
  const path = url.split("?")[0] ?? "";
  return path
    .split("/")
    .map((segment) => (looksLikeToken(segment) ? "[redacted]" : segment))
    .join("/");
}

export const requestLogSerializers = {
  req: (req: { id: unknown; method: string; url: string }) => ({
    id: req.id,
    method: req.method,
    url: redactPath(req.url),
  }),
  res: (res: { statusCode: number }) => ({ status: res.statusCode }),
};
