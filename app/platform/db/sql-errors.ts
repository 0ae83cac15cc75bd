/**
 * What a failed statement's SQLSTATE says, for the few refusals a use case turns into an answer
 * (a name already taken, a row deleted meanwhile). Drivers put the database's error on the
 * error itself (pg) or on its `cause` (Drizzle's wrapper, PGlite).
 */
type SqlError = { code?: string; constraint?: string };

function sqlError(err: unknown, code: string): SqlError | undefined {
  const e = err as (SqlError & { cause?: SqlError }) | undefined;
  return e?.code === code ? e : e?.cause?.code === code ? e.cause : undefined;
}

/** The constraint a unique violation (23505) broke, "" when unnamed; undefined for any other error. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = sqlError(err, "23505");
  return e ? (e.constraint ?? "") : undefined;
}

export const isUniqueViolation = (err: unknown) => uniqueViolation(err) !== undefined;

/** A row pointed at a row that is not there (23503): it was deleted meanwhile. */
export const isForeignKeyViolation = (err: unknown) => sqlError(err, "23503") !== undefined;
