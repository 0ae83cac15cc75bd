import { z } from "zod";

/**
 * Greenhouse's public Job Board API (https://developers.greenhouse.io/job-board.html): the
 * board's jobs, departments and offices as JSON, no key needed. Only the fields we use are
 * validated; Greenhouse adds fields over time and those must not break the sync.
 */

const id = z.number().int().positive();

const greenhouseDepartment = z.object({ id, name: z.string().min(1) });
const greenhouseOffice = z.object({
  id,
  name: z.string().min(1),
  location: z.string().nullish(),
});

/** Custom fields the board exposes ("Position level", "Employment type"…). */
const greenhouseMetadata = z.object({
  name: z.string(),
  value: z.unknown(),
});

/** With `pay_transparency=true`: the pay ranges the employer publishes, in cents. */
const greenhousePayRange = z.object({
  min_cents: z.number().int().nonnegative(),
  max_cents: z.number().int().nonnegative().nullish(),
  currency_type: z.string().regex(/^[A-Z]{3}$/),
  title: z.string().nullish(),
});

export const greenhouseJob = z.object({
  id,
  title: z.string().min(1).max(300),
  updated_at: z.string(),
  first_published: z.string().nullish(),
  absolute_url: z.url({ protocol: /^https?$/ }),
  /** Two-letter language of the posting (Greenhouse posts one language per job). */
  language: z.string().nullish(),
  location: z.object({ name: z.string().nullish() }).nullish(),
  /** HTML, entity-escaped by Greenhouse (`&lt;p&gt;`). */
  content: z.string().default(""),
  departments: z.array(greenhouseDepartment).default([]),
  offices: z.array(greenhouseOffice).default([]),
  metadata: z.array(greenhouseMetadata).nullish(),
  pay_input_ranges: z.array(greenhousePayRange).nullish(),
});
export type GreenhouseJob = z.infer<typeof greenhouseJob>;

const jobsResponse = z.object({ jobs: z.array(greenhouseJob) });
const departmentsResponse = z.object({ departments: z.array(greenhouseDepartment) });
const officesResponse = z.object({ offices: z.array(greenhouseOffice) });

export type GreenhouseBoard = {
  jobs: GreenhouseJob[];
  departments: z.infer<typeof greenhouseDepartment>[];
  offices: z.infer<typeof greenhouseOffice>[];
};

/** The feed could not be read as a whole: the sync stops and changes nothing. */
export class FeedError extends Error {}

/** A board holds a few hundred jobs at most; anything far larger is not a job board. */
const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

async function getJson<T>(url: string, schema: z.ZodType<T>, timeoutMs: number): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "follow",
    });
  } catch (err) {
    const reason =
      err instanceof Error && err.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : String(err);
    throw new FeedError(`GET ${url}: ${reason}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FeedError(`GET ${url}: HTTP ${response.status}`);
  }
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw new FeedError(`GET ${url}: response too large (${length} bytes)`);
  }
  let body: unknown;
  try {
    const text = await response.text();
    if (text.length > MAX_RESPONSE_BYTES) throw new Error("response too large");
    body = JSON.parse(text);
  } catch (err) {
    throw new FeedError(`GET ${url}: not JSON (${err instanceof Error ? err.message : String(err)})`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new FeedError(
      `GET ${url}: not in Greenhouse's format (${first?.path.join(".")}: ${first?.message})`,
    );
  }
  return parsed.data;
}

/**
 * Reads the whole board (jobs with their content and pay ranges, departments, offices). Any
 * failure (network, timeout, status, junk) is a FeedError: a partial feed would close every
 * offer it happens to leave out.
 */
export async function fetchGreenhouseBoard(boardUrl: string, timeoutMs = 15_000): Promise<GreenhouseBoard> {
  const base = boardUrl.replace(/\/+$/, "");
  const [jobs, departments, offices] = await Promise.all([
    getJson(`${base}/jobs?content=true&pay_transparency=true`, jobsResponse, timeoutMs),
    getJson(`${base}/departments`, departmentsResponse, timeoutMs),
    getJson(`${base}/offices`, officesResponse, timeoutMs),
  ]);
  return { jobs: jobs.jobs, departments: departments.departments, offices: offices.offices };
}
