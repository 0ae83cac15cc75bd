import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database, Db } from "~/platform/db/client.server";
import { startTasks } from "~/platform/tasks/scheduler.server";
import { contentKinds } from "../../../../server/content-kinds";
import { expectEach } from "../../../../tests/support/expect-each";
import { testContent } from "../../../../tests/support/test-content";
import { createTestDatabase } from "../../../../tests/support/test-db";
import { getJobOffer } from "../job-offers.server";
import { jobOffers } from "../tables";
import { FeedError } from "./greenhouse-feed.server";
import { GREENHOUSE_SOURCE, syncGreenhouse } from "./greenhouse-sync.server";
import { greenhouseSyncTask } from "./periodic-sync.server";

/** A stand-in for boards-api.greenhouse.io serving whatever the test sets, in its format. */
type Behaviour = "ok" | "500" | "junk" | "wrong-shape" | "hang";
let behaviour: Behaviour = "ok";
let jobs: unknown[] = [];
let server: http.Server;
let boardUrl: string;

const departments = [
  { id: 11, name: "Gameplay Programming", parent_id: null, child_ids: [] },
  { id: 12, name: "Audio", parent_id: null, child_ids: [] },
  { id: 13, name: "Catering", parent_id: null, child_ids: [] },
];
const officesFeed = [
  { id: 21, name: "Québec", location: "Québec, QC, Canada", parent_id: null, child_ids: [] },
  { id: 22, name: "Ghent", location: "Gent, Belgium", parent_id: null, child_ids: [] },
  { id: 23, name: "Guildford", location: "Guildford, UK", parent_id: null, child_ids: [] },
  { id: 24, name: "Atlantis", location: null, parent_id: null, child_ids: [] },
];

function ghJob(overrides: Record<string, unknown> & { id: number }) {
  return {
    internal_job_id: overrides.id + 1000,
    title: "Gameplay Programmer",
    updated_at: "2026-10-01T10:00:00-04:00",
    first_published: "2026-09-20T09:00:00-04:00",
    requisition_id: "R-1",
    location: { name: "Guildford, UK" },
    absolute_url: `https://job-boards.greenhouse.io/stormkettle/jobs/${overrides.id}`,
    language: "en",
    metadata: [{ id: 1, name: "Position level", value: "Senior", value_type: "single_select" }],
    content:
      "&lt;p&gt;Build &lt;strong&gt;combat&lt;/strong&gt; systems.&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;p&gt;Fish &amp;amp; chips&lt;/p&gt;",
    departments: [departments[0]],
    offices: [officesFeed[2]],
    pay_input_ranges: [],
    ...overrides,
  };
}

function baseFeed() {
  return [
    ghJob({ id: 101 }),
    ghJob({
      id: 102,
      title: "Programmeur gameplay senior",
      language: "fr",
      offices: [officesFeed[0]],
      location: { name: "Québec, QC, Canada" },
    }),
    ghJob({
      id: 103,
      title: "Sound Designer",
      departments: [departments[1]],
      offices: [officesFeed[1]],
      metadata: [{ id: 2, name: "Employment type", value: "Part-time", value_type: "single_select" }],
      pay_input_ranges: [{ min_cents: 4_500_000, max_cents: 5_500_000, currency_type: "EUR", title: "Gent" }],
    }),
    // Skipped: EU office without pay; Quebec in English; unknown office; unknown team.
    ghJob({ id: 104, title: "Audio Intern", departments: [departments[1]], offices: [officesFeed[1]] }),
    ghJob({ id: 105, offices: [officesFeed[0]], location: { name: "Québec" } }),
    ghJob({ id: 106, offices: [officesFeed[3]], location: { name: "Atlantis" } }),
    ghJob({ id: 107, departments: [departments[2]] }),
  ];
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (behaviour === "hang") return; // never answers: the client's timeout must fire
    if (behaviour === "500") {
      res.writeHead(500, { "content-type": "text/plain" }).end("oops");
      return;
    }
    if (behaviour === "junk") {
      res.writeHead(200, { "content-type": "application/json" }).end("{not json");
      return;
    }
    const url = new URL(req.url ?? "/", "http://x");
    const base = "/v1/boards/stormkettle";
    let body: unknown;
    if (url.pathname === `${base}/jobs`) {
      body =
        behaviour === "wrong-shape"
          ? { jobs: [{ id: "x" }] }
          : { jobs: url.searchParams.get("content") === "true" ? jobs : [], meta: { total: jobs.length } };
    } else if (url.pathname === `${base}/departments`) body = { departments };
    else if (url.pathname === `${base}/offices`) body = { offices: officesFeed };
    else {
      res.writeHead(404, { "content-type": "application/json" }).end('{"status":404}');
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  boardUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/boards/stormkettle`;
  database = await createTestDatabase();
  db = database.db;
  await loadContent(db, testContent, contentKinds, { info: () => {}, warn: () => {} });
});

let database: Database;
let db: Db;

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

beforeEach(() => {
  behaviour = "ok";
});

async function greenhouseRows() {
  return (await db.select().from(jobOffers).where(eq(jobOffers.source, GREENHOUSE_SOURCE))).sort((a, b) =>
    a.slug.localeCompare(b.slug),
  );
}

describe("Greenhouse sync against a stand-in job board", () => {
  it("imports the jobs that can be published and says why the others are not", async () => {
    jobs = baseFeed();
    const warnings: string[] = [];
    const report = await syncGreenhouse(db, {
      boardUrl,
      logger: { warn: (obj) => warnings.push(JSON.stringify(obj)), info: () => {} },
    });
    expect(report).toMatchObject({ created: 3, updated: 0, closed: 0, unchanged: 0 });
    expect(report.skipped.map((s) => s.id)).toEqual([104, 105, 106, 107]);
    expect(report.skipped[0]?.reason).toMatch(/EU office.*pay/);
    expect(report.skipped[1]?.reason).toMatch(/Quebec.*French/);
    expect(report.skipped[2]?.reason).toMatch(/Atlantis/);
    expect(report.skipped[3]?.reason).toMatch(/Catering/);
    expect(warnings).toHaveLength(4);

    const rows = await greenhouseRows();
    expect(rows.map((r) => [r.slug, r.externalId, r.team, r.level, r.commitment, r.status])).toEqual([
      ["greenhouse-101", "101", "gameplay-programming", "senior", "full-time", "open"],
      ["greenhouse-102", "102", "gameplay-programming", "senior", "full-time", "open"],
      ["greenhouse-103", "103", "audio", "intermediate", "part-time", "open"],
    ]);
    const [guildford, quebec, gent] = rows;
    expect(guildford?.applyUrl).toBe("https://job-boards.greenhouse.io/stormkettle/jobs/101");
    expect(guildford?.publishedAt.toISOString()).toBe("2026-09-20T13:00:00.000Z");
    // Unescaped once, then sanitized: the script is gone, the text's own entity survives.
    expect(guildford?.texts.en?.description).toBe(
      "<p>Build <strong>combat</strong> systems.</p><p>Fish &amp; chips</p>",
    );
    expect(Object.keys(quebec?.texts ?? {})).toEqual(["fr"]);
    expect(gent?.salary).toEqual({ min: 45_000, max: 55_000, currency: "EUR", period: "YEAR" });

    // The offer pages read them like any other offer, apply link included.
    const page = await getJobOffer(db, guildford!.id, "en");
    expect(page).toMatchObject({ title: "Gameplay Programmer", isOpen: true, applyUrl: guildford?.applyUrl });
    expect(page?.office.slug).toBe("guildford");
  });

  it("a second run on the same feed changes nothing", async () => {
    const before = await greenhouseRows();
    const report = await syncGreenhouse(db, { boardUrl });
    expect(report).toMatchObject({ created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 3 });
    expect(await greenhouseRows()).toEqual(before);
  });

  it("updates changed jobs, closes jobs gone from the feed, and reopens returning ones", async () => {
    jobs = baseFeed().filter((j) => j.id !== 102);
    (jobs[0] as { title: string }).title = "Lead Gameplay Programmer";
    const report = await syncGreenhouse(db, { boardUrl });
    expect(report).toMatchObject({ created: 0, updated: 1, closed: 1, unchanged: 1 });
    const rows = await greenhouseRows();
    expect(rows.map((r) => [r.slug, r.status, r.texts.en?.title ?? r.texts.fr?.title])).toEqual([
      ["greenhouse-101", "open", "Lead Gameplay Programmer"],
      ["greenhouse-102", "closed", "Programmeur gameplay senior"],
      ["greenhouse-103", "open", "Sound Designer"],
    ]);
    // Closed, never deleted: its page still answers and says so.
    expect((await getJobOffer(db, rows[1]!.id, "fr"))?.isOpen).toBe(false);

    jobs = baseFeed();
    (jobs[0] as { title: string }).title = "Lead Gameplay Programmer";
    expect(await syncGreenhouse(db, { boardUrl })).toMatchObject({ reopened: 1, updated: 0, unchanged: 2 });
  });

  it("a job that can no longer be published (its pay removed at an EU office) is closed", async () => {
    jobs = baseFeed().map((j) => (j.id === 103 ? { ...j, pay_input_ranges: [] } : j));
    (jobs[0] as { title: string }).title = "Lead Gameplay Programmer";
    const report = await syncGreenhouse(db, { boardUrl });
    expect(report).toMatchObject({ closed: 1, unchanged: 2 });
    expect((await greenhouseRows()).find((r) => r.slug === "greenhouse-103")?.status).toBe("closed");
  });

  it.each([
    ["500", /HTTP 500/],
    ["junk", /not JSON/],
    ["wrong-shape", /not in Greenhouse's format/],
    ["hang", /no answer in 300 ms/],
  ] as const)("a feed answering %s fails cleanly and changes nothing", async (mode, message) => {
    const before = await greenhouseRows();
    behaviour = mode;
    // Only the hanging feed waits for the timeout; the others get all the time a busy machine
    // needs to answer (their failure is about what comes back, not when).
    const sync = syncGreenhouse(db, { boardUrl, timeoutMs: mode === "hang" ? 300 : 15_000 });
    await expect(sync).rejects.toBeInstanceOf(FeedError);
    await expect(sync).rejects.toThrow(message);
    expect(await greenhouseRows()).toEqual(before);
  });

  it("an empty but valid feed closes every Greenhouse offer and leaves content offers alone", async () => {
    const contentOpen = await db.select().from(jobOffers).where(eq(jobOffers.source, "content"));
    jobs = [];
    const report = await syncGreenhouse(db, { boardUrl });
    expect(report.closed).toBe(2);
    expectEach(await greenhouseRows(), (r) => r.status === "closed");
    expect(await db.select().from(jobOffers).where(eq(jobOffers.source, "content"))).toEqual(contentOpen);
  });
});

describe("periodic sync in the site", () => {
  it("is off unless both the board URL and the interval are set", () => {
    const logger = { warn: vi.fn(), info: vi.fn() };
    for (const env of [{ GREENHOUSE_BOARD_URL: boardUrl }, { GREENHOUSE_SYNC_INTERVAL_MINUTES: "5" }])
      expect(
        greenhouseSyncTask({ db, logger: logger as never, config: parseConfig(env) }),
        JSON.stringify(env),
      ).toBeNull();
  });

  it("syncs every interval and waits for a running sync at shutdown", async () => {
    jobs = baseFeed();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const logger = { warn: vi.fn(), info: vi.fn() };
      const config = parseConfig({ GREENHOUSE_BOARD_URL: boardUrl, GREENHOUSE_SYNC_INTERVAL_MINUTES: "5" });
      const task = greenhouseSyncTask({ db, logger: logger as never, config });
      const scheduler = startTasks(task ? [task] : [], { logger });
      expect(logger.info).not.toHaveBeenCalled();
      vi.advanceTimersByTime(5 * 60_000);
      await scheduler.stop();
      expect(logger.info).toHaveBeenCalledWith(
        expect.objectContaining({ reopened: 3, skipped: 4 }),
        "greenhouse sync done",
      );
      expect((await greenhouseRows()).filter((r) => r.status === "open")).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
