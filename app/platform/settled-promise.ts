/**
 * A promise React's `use` can read as settled: React marks the promises it has seen with
 * `status` and `value`, and renders on at once with one marked "fulfilled"; a promise it has not
 * seen suspends the render once, even if it resolved long ago. Code loaded on demand (a form's
 * schema, a form, a translation namespace) is marked as it arrives, so every later render that
 * needs it goes straight through.
 */
export type Settled<T> = Promise<T> & { status?: "fulfilled"; value?: T };

/** `promise`, marked fulfilled (with its value) as soon as it resolves. */
export function settled<T>(promise: Promise<T>): Settled<T> {
  const marked: Settled<T> = promise;
  // Registered first, so the mark is on before anyone else's callback (React's included) runs.
  promise.then(
    (value) => Object.assign(marked, { status: "fulfilled", value }),
    () => undefined,
  );
  return marked;
}

/** Already fulfilled: what `use` is given when there is nothing to wait for. */
export const fulfilled: Promise<void> = Object.assign(Promise.resolve(), {
  status: "fulfilled" as const,
  value: undefined,
});

/**
 * `load` (code fetched on demand) run once, its promise marked as it settles (settled above); a
 * load that failed, a chunk the connection lost, runs again at the next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Settled<T> {
  let loading: Settled<T> | undefined;
  return () =>
    (loading ??= settled(
      load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      }),
    ));
}
