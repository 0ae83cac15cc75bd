import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, type Db, openPostgres } from "~/platform/db/client.server";
import { taskRuns } from "~/platform/db/schema";
import { createTestDatabase } from "../../../tests/support/test-db";
import { databaseRunExclusive, lastTaskSuccesses } from "./run-once.server";
import { startTasks } from "./scheduler.server";
import { defineTask } from "./task";

const PERIOD = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = () => ({ warn: vi.fn() });
/** Waits for what the schedulers do, however slow the machine: never a fixed time. */
const until = (check: () => void) => vi.waitFor(check, { timeout: 60_000, interval: 50 });

/** A run, with the start its claim recorded, in the database's clock. */
type Run = { at: number; by: "a" | "b" };

/**
 * The start the run's claim recorded. The rule is about claims, in the database's clock; a
 * JavaScript timestamp taken in the run would also measure how late a loaded machine ran it.
 * Read at once after the claim: the next claim is at least most of a period (a second) away.
 */
async function claimedAt(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ at: taskRuns.startedAt }).from(taskRuns).where(eq(taskRuns.name, name));
  return row!.at.getTime();
}

/**
 * Two schedulers, each with its own client when there are two, fire the same task every
 * PERIOD; once it has run a few times, the one that ran it last stops, and the other carries on.
 */
async function twoSchedulers(name: string, dbA: Db, dbB: Db) {
  const runs: Run[] = [];
  const task = (by: Run["by"], db: Db) =>
    defineTask({
      name,
      everyMs: PERIOD,
      run: async () => {
        runs.push({ at: await claimedAt(db, name), by });
        await sleep(20);
      },
    });
  const schedulers = {
    a: startTasks([task("a", dbA)], {
      logger: quiet(),
      runExclusive: databaseRunExclusive(dbA, { holder: "a" }),
    }),
    b: startTasks([task("b", dbB)], {
      logger: quiet(),
      runExclusive: databaseRunExclusive(dbB, { holder: "b" }),
    }),
  };
  await until(() => expect(runs.length).toBeGreaterThanOrEqual(3));
  const stopped = runs.at(-1)!.by;
  const survivor = stopped === "a" ? "b" : "a";
  await schedulers[stopped].stop();
  const before = runs.length;
  await until(() => expect(runs.length - before).toBeGreaterThanOrEqual(2));
  await schedulers[survivor].stop();
  return { runs, stopped, survivor, before };
}

function expectOncePerPeriod({ runs, stopped, survivor, before }: Awaited<ReturnType<typeof twoSchedulers>>) {
  const gaps = runs.slice(1).map((run, i) => run.at - runs[i]!.at);
  expect(gaps.length).toBeGreaterThanOrEqual(4);
  // Without the claim, both would run at every tick: starts a few milliseconds apart.
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(0.95 * PERIOD);
  expect(runs.slice(before).filter((run) => run.by === stopped)).toEqual([]);
  expect(runs.slice(before).filter((run) => run.by === survivor).length).toBeGreaterThanOrEqual(2);
}

/** A run that never ends (its process hangs or died) does not keep the next period from running. */
async function stuckRun(name: string, dbA: Db, dbB: Db) {
  const runs: Run[] = [];
  let release!: () => void;
  const hang = new Promise<void>((resolve) => {
    release = resolve;
  });
  const a = startTasks(
    [
      defineTask({
        name,
        everyMs: PERIOD,
        run: async () => {
          runs.push({ at: await claimedAt(dbA, name), by: "a" });
          return hang;
        },
      }),
    ],
    { logger: quiet(), runExclusive: databaseRunExclusive(dbA, { holder: "a" }) },
  );
  await until(() => expect(runs).toHaveLength(1));
  const b = startTasks(
    [
      defineTask({
        name,
        everyMs: PERIOD,
        run: async () => void runs.push({ at: await claimedAt(dbB, name), by: "b" }),
      }),
    ],
    { logger: quiet(), runExclusive: databaseRunExclusive(dbB, { holder: "b" }) },
  );
  await until(() => expect(runs.filter((run) => run.by === "b").length).toBeGreaterThanOrEqual(1));
  release();
  await Promise.all([a.stop(), b.stop()]);
  return runs;
}

function expectTakenOver(runs: Run[]) {
  expect(runs[0]?.by).toBe("a");
  const byB = runs.filter((run) => run.by === "b");
  expect(byB.length).toBeGreaterThanOrEqual(1);
  // Not at once (the hung run's claim still counts for its period), but one period later.
  expect(byB[0]!.at - runs[0]!.at).toBeGreaterThanOrEqual(0.95 * PERIOD);
}

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

it("records each run's start and end, and skips a tick less than a period after the last start", async () => {
  const runExclusive = databaseRunExclusive(database.db, { holder: "solo" });
  const task = { name: "record", everyMs: 60_000 };
  let runs = 0;
  const run = async () => ++runs;
  expect(await runExclusive(task, run)).toBe(1);
  const [row] = await database.db.select().from(taskRuns).where(eq(taskRuns.name, "record"));
  expect(row).toMatchObject({ holder: "solo", finishedAt: expect.any(Date) });
  expect(row!.finishedAt!.getTime()).toBeGreaterThanOrEqual(row!.startedAt.getTime());
  expect(await runExclusive(task, run)).toBeUndefined();
  expect(runs).toBe(1);
  // A period later (here: the last start moved back a minute), the next tick runs it.
  await database.db
    .update(taskRuns)
    .set({ startedAt: sql`now() - interval '61 seconds'` })
    .where(eq(taskRuns.name, "record"));
  expect(await runExclusive(task, run)).toBe(2);
});

it("leaves the last finish empty when a run fails, and tries again only at the next period", async () => {
  const runExclusive = databaseRunExclusive(database.db, { holder: "solo" });
  const task = { name: "failing", everyMs: 60_000 };
  await expect(
    runExclusive(task, async () => {
      throw new Error("away");
    }),
  ).rejects.toThrow("away");
  const [row] = await database.db.select().from(taskRuns).where(eq(taskRuns.name, "failing"));
  expect(row?.finishedAt).toBeNull();
  let ran = false;
  expect(await runExclusive(task, async () => (ran = true))).toBeUndefined();
  expect(ran).toBe(false);
});

// Each database gets the tests that say something about it, defined only there: CI counts a
// skipped test as a failure, so none is declared and skipped.
const onPostgres = Boolean(process.env.DATABASE_URL);
const describeOn = (postgres: boolean) => (postgres === onPostgres ? describe : () => undefined);

describeOn(false)("on PGlite (one process, one client)", () => {
  it("supports the transaction-scoped advisory lock the claim takes", async () => {
    const result = await database.db.execute(
      sql`select pg_try_advisory_xact_lock(1, hashtext('probe')) as locked`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ locked: true }]);
  });

  it("two schedulers sharing the client run a task once per period, and the other keeps on when one stops", {
    timeout: 120_000,
  }, async () => {
    expectOncePerPeriod(await twoSchedulers("shared-sweep", database.db, database.db));
  });

  it("a run that never ends does not keep the next period from running", { timeout: 120_000 }, async () => {
    expectTakenOver(await stuckRun("shared-stuck", database.db, database.db));
  });
});

describeOn(true)("on PostgreSQL (two processes' clients)", () => {
  let second: Database;
  let url: string;

  beforeAll(async () => {
    const result = await database.db.execute(sql`select current_database() as name`);
    const [{ name }] = (result as unknown as { rows: Array<{ name: string }> }).rows as [{ name: string }];
    const dbUrl = new URL(process.env.DATABASE_URL!);
    dbUrl.pathname = `/${name}`;
    url = dbUrl.toString();
    second = openPostgres(url, { max: 2 });
  });

  afterAll(async () => {
    await second?.close();
  });

  it("skips the tick while another process's claim holds the task's lock", async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock(7283115, hashtext('held'))");
      let runs = 0;
      const task = { name: "held", everyMs: 60_000 };
      const runExclusive = databaseRunExclusive(database.db);
      expect(await runExclusive(task, async () => ++runs)).toBeUndefined();
      await other.query("commit");
      expect(await runExclusive(task, async () => ++runs)).toBe(1);
    } finally {
      await other.end();
    }
  });

  it("two schedulers on two clients run a task once per period, and the other keeps on when one stops", {
    timeout: 120_000,
  }, async () => {
    expectOncePerPeriod(await twoSchedulers("sweep", database.db, second.db));
  });

  it("a run that never ends does not keep the next period from running", { timeout: 120_000 }, async () => {
    expectTakenOver(await stuckRun("stuck", database.db, second.db));
  });
});

describe("last successes (what metrics start from)", () => {
  it("names each task whose last claimed run finished, with its finish, and leaves out one that failed", async () => {
    const runExclusive = databaseRunExclusive(database.db);
    await runExclusive({ name: "done-task", everyMs: 60_000 }, async () => {});
    await expect(
      runExclusive({ name: "failed-task", everyMs: 60_000 }, async () => {
        throw new Error("relay down");
      }),
    ).rejects.toThrow("relay down");

    const successes = await lastTaskSuccesses(database.db);
    const [row] = await database.db
      .select({ finishedAt: taskRuns.finishedAt })
      .from(taskRuns)
      .where(eq(taskRuns.name, "done-task"));
    expect(successes.get("done-task")?.getTime()).toBe(row?.finishedAt?.getTime());
    expect(successes.get("done-task")?.getTime()).toBeGreaterThan(0);
    expect(successes.has("failed-task")).toBe(false);
  });
});
