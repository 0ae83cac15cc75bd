import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

/**
 * How many SQL statements one request made, for its log line (`queries`) and the bench's
 * queries-per-page figure: the cost of a page that the page cache cannot serve is mostly its
 * round trips to the database, so a page that starts making more of them should show at once.
 * Counted by Drizzle's logger hook, so every query built with the query builder counts,
 * whichever service made it.
 */
export type QueryCounter = { queries: number };

const counters = new AsyncLocalStorage<QueryCounter>();

/** Runs `work` (a request, and whatever it starts) counting its statements in `counter`. */
export function countQueries<T>(counter: QueryCounter, work: () => T): T {
  return counters.run(counter, work);
}

/** Drizzle's logger, given to both databases: counts, logs nothing. */
export const queryCounter: Logger = {
  logQuery() {
    const store = counters.getStore();
    if (store) store.queries += 1;
  },
};
