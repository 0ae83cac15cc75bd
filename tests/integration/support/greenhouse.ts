import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for boards-api.greenhouse.io on 127.0.0.1 (the format of
 * app/features/jobs/greenhouse/greenhouse-sync.db.test.ts's): one board whose jobs the test sets,
 * with departments and offices the studio's content knows (Gameplay Programming, Guildford).
 */
export type GreenhouseStandIn = {
  /** The board's base URL, as GREENHOUSE_BOARD_URL. */
  boardUrl: string;
  /** Replaces the board's jobs. */
  setJobs(jobs: unknown[]): void;
  /** Requests for the jobs list so far (each sync asks for it once). */
  jobRequests(): number;
  close(): Promise<void>;
};

const department = { id: 11, name: "Gameplay Programming", parent_id: null, child_ids: [] };
const office = { id: 23, name: "Guildford", location: "Guildford, UK", parent_id: null, child_ids: [] };

/** A job the sync publishes (a Guildford gameplay programmer), titled as given. */
export function greenhouseJob(id: number, title: string) {
  return {
    id,
    internal_job_id: id + 1000,
    title,
    updated_at: "2026-11-20T10:00:00-04:00",
    first_published: "2026-11-20T09:00:00-04:00",
    requisition_id: `R-${id}`,
    location: { name: "Guildford, UK" },
    absolute_url: `https://job-boards.greenhouse.io/stormkettle/jobs/${id}`,
    language: "en",
    metadata: [],
    content: "&lt;p&gt;Build combat systems.&lt;/p&gt;",
    departments: [department],
    offices: [office],
    pay_input_ranges: [],
  };
}

export async function startGreenhouseStandIn(): Promise<GreenhouseStandIn> {
  let jobs: unknown[] = [];
  let jobRequests = 0;
  const base = "/v1/boards/stormkettle";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    let body: unknown;
    if (url.pathname === `${base}/jobs`) {
      jobRequests++;
      body = { jobs: url.searchParams.get("content") === "true" ? jobs : [], meta: { total: jobs.length } };
    } else if (url.pathname === `${base}/departments`) body = { departments: [department] };
    else if (url.pathname === `${base}/offices`) body = { offices: [office] };
    else {
      res.writeHead(404, { "content-type": "application/json" }).end('{"status":404}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    boardUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${base}`,
    setJobs(next) {
      jobs = next;
    },
    jobRequests: () => jobRequests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
