import pino from "pino";

/** Structured JSON logs; every request's lines carry its request id (see server/app.ts). */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      remove: true,
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;
