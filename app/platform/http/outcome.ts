/**
 * What a write's use case answers, whoever asked: its value, or a refusal. The use case decides
 * once; the page action and the API router only present that decision (outcome.server.ts turns
 * a refusal into the form's reply or into the API's HttpError), so the two cannot drift apart.
 */
export type Refusal = {
  ok: false;
  /** The status the JSON API answers with; the page shows the refusal on its form instead. */
  status: number;
  /** A stable code: the catalogue's (`TOO_MANY_REQUESTS`) or the feature's own (`unknownGame`). */
  code: string;
  /** The form field the refusal is about; none when it is about the whole submission. */
  field?: string;
  /** Texts to show instead of the code (an upload store's own refusal, say), page and API alike. */
  messages?: string[];
  /** Headers of the API's answer (Retry-After). */
  headers?: Record<string, string>;
};

export type Outcome<T = void> = { ok: true; value: T } | Refusal;

export function ok(): Outcome<void>;
export function ok<T>(value: T): Outcome<T>;
export function ok<T>(value?: T): Outcome<T | undefined> {
  return { ok: true, value };
}

export function refuse(
  status: number,
  code: string,
  details: Pick<Refusal, "field" | "messages" | "headers"> = {},
): Refusal {
  return { ok: false, status, code, ...details };
}

/** The value of an accepted outcome turned into another; a refusal passes unchanged. */
export function mapOk<T, U>(outcome: Outcome<T>, change: (value: T) => U): Outcome<U> {
  return outcome.ok ? ok(change(outcome.value)) : outcome;
}
