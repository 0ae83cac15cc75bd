import pino from "pino";

/**
 * Structured JSON logs; every request's lines carry its request id (see server/app.ts). On
 * standard output, or on standard error for a tool whose standard output is its answer.
 */
export function createLogger(level: string, options: { stderr?: boolean } = {}) {
  const settings: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      remove: true,
    },
  };
  return options.stderr ? pino(settings, pino.destination({ fd: 2, sync: true })) : pino(settings);
}

export type Logger = ReturnType<typeof createLogger>;
