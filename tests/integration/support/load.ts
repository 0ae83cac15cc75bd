import http from "node:http";
import pg from "pg";
import { attempt, mixedRequest, type Outcome } from "./requests";

export type TimedOutcome = Outcome & { startedAt: number; endedAt: number };

export type Load = {
  /** Outcomes so far, in the order requests ended. */
  outcomes: TimedOutcome[];
  /** Stops sending and resolves once every request in flight has ended. */
  stop(): Promise<TimedOutcome[]>;
};

/**
 * `connections` clients, each sending the mixed requests (careers pages for a visitor with a
 * personal cookie, and pageview POSTs) one after another over its own keep-alive connection,
 * until stopped.
 */
export function startLoad(options: { url: string; connections: number; route: string }): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const outcomes: TimedOutcome[] = [];
  let running = true;
  let sent = 0;
  const clients = Array.from({ length: options.connections }, async () => {
    while (running) {
      const { what, path, options: request } = mixedRequest(sent++, options.route);
      const startedAt = Date.now();
      const outcome = await attempt(what, options.url + path, { ...request, agent });
      outcomes.push({ ...outcome, startedAt, endedAt: Date.now() });
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(clients);
      agent.destroy();
      return outcomes;
    },
  };
}

/** The page views the database counted for `route`: each pageview POST of the load once. */
export async function countedPageviews(databaseUrl: string, route: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ views: string }>(
      "select coalesce(sum(views), 0) as views from analytics_pageviews where route = $1",
      [route],
    );
    return Number(rows[0]?.views ?? 0);
  } finally {
    await client.end();
  }
}
