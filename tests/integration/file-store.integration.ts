import fs from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { type ParsedMail, simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../support/s3-stand-in";
import { type Cluster, startCluster } from "./support/cluster";
import { type GreenhouseStandIn, startGreenhouseStandIn } from "./support/greenhouse";
import { logLines } from "./support/logs";

/**
 * Two processes of the built site as on two machines (a DATA_DIR each) sharing PostgreSQL, Redis
 * and one S3-compatible bucket (FILE_STORE_URL, the in-process stand-in on 127.0.0.1): a file
 * sent through one is attached, mailed and downloaded through the other
 * (docs/decisions/0030-shared-file-store.md).
 */
const saveFile = "slot-1 chapter 4 storm\n";

/**
 * Every task server/lifecycle.ts runs once per period (all but the mail delivery, which every
 * process runs: mail-outbox.integration.ts), the recruiting sync included (its board set below).
 */
const periodicTasks = [
  "account-retention",
  "application-retention",
  "consent-record-retention",
  "contact-retention",
  "greenhouse-sync",
  "job-alert-match",
  "outbox-retention",
  "pageview-retention",
  "playtest-reminders",
  "playtest-retention",
  "privacy-link-retention",
  "unconfirmed-alert-purge",
  "upload-purge",
];
/** TASK_PERIOD_SECONDS: every one of them each 2 s instead of its minute, hour or day. */
const PERIOD_MS = 2000;

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("files on two machines through one S3-compatible store", () => {
  let standIn: S3StandIn;
  let cluster: Cluster;
  let greenhouse: GreenhouseStandIn;

  beforeAll(async () => {
    [standIn, greenhouse] = await Promise.all([startS3StandIn(), startGreenhouseStandIn()]);
    cluster = await startCluster({
      name: "files",
      buildDir: inject("buildDir"),
      machines: true,
      env: {
        FILE_STORE_URL: standIn.url,
        MAIL_WORKER_INTERVAL_MS: "200",
        TASK_PERIOD_SECONDS: String(PERIOD_MS / 1000),
        // The recruiting sync is a periodic task only with a board and an interval.
        GREENHOUSE_BOARD_URL: greenhouse.boardUrl,
        GREENHOUSE_SYNC_INTERVAL_MINUTES: "5",
        // Each claimed run's "task run claimed" line (debug) says which machine ran what, when.
        LOG_LEVEL: "debug",
      },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
    await standIn?.close();
    await greenhouse?.close();
  });

  it("takes an upload on A, attaches, mails and exports it on B, and deletes it from the bucket", async () => {
    const [a, b] = cluster.sites as [(typeof cluster.sites)[0], (typeof cluster.sites)[0]];
    const body = new FormData();
    body.append("file", new Blob([saveFile]), "slot-1.lsx");
    const uploaded = await fetch(`${a.url}/api/uploads`, { method: "POST", body });
    expect(uploaded.status).toBe(200);
    const { id } = (await uploaded.json()) as { id: string };
    expect(standIn.keys()).toEqual([`uploads/${id}`]);

    const report = await fetch(`${b.url}/api/issues?lang=en`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        category: "save",
        game: "tidebound",
        platform: "windows",
        email: "mira@example.com",
        summary: "Save lost after the storm",
        description: "After the storm in chapter 4 my save shows as empty. I attach it.",
        consent: true,
        attachments: [id],
      }),
    });
    expect(report.status).toBe(201);

    // Support's copy carries the file, read from the bucket by whichever process sent it. Both
    // e-mails are read as written (DATA_DIR/mail): a delivered outbox row keeps no text.
    const written = () =>
      Promise.all(
        cluster.dataDirs
          .flatMap((dir) => {
            const mail = path.join(dir, "mail");
            return fs.existsSync(mail) ? fs.readdirSync(mail).map((name) => path.join(mail, name)) : [];
          })
          .map(async (file) => simpleParser(fs.readFileSync(file))),
      );
    const toMira = (mail: ParsedMail) => !Array.isArray(mail.to) && mail.to?.text === "mira@example.com";
    const mails = await waitFor("support's e-mail and the acknowledgement written", async () => {
      const all = await written();
      return all.some((mail) => mail.attachments.length > 0) && all.some(toMira) ? all : undefined;
    });
    const toSupport = mails.find((mail) => mail.attachments.length > 0);
    expect(toSupport?.attachments.map((att) => [att.filename, att.content.toString()])).toEqual([
      ["slot-1.lsx", saveFile],
    ]);

    // The reporter's "Download my data" on B packs the file A took.
    const token = /\/status\/([A-Za-z0-9_-]{43})/.exec(mails.find(toMira)?.text ?? "")?.[1];
    expect(token).toBeDefined();
    const download = await fetch(`${b.url}/status/${token}/download`, { method: "POST" });
    expect(download.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const packed = Object.keys(zip).filter((name) => name.startsWith("files/"));
    expect(packed).toEqual([`files/${id}-slot-1.lsx`]);
    expect(strFromU8(zip[packed[0]!]!)).toBe(saveFile);

    // Neither machine kept the file on its own disk.
    for (const dir of cluster.dataDirs) expect(fs.existsSync(path.join(dir, "uploads"))).toBe(false);

    // "Delete now" through A: the file leaves the bucket.
    const deleted = await fetch(`${a.url}/status/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete" }),
      redirect: "manual",
    });
    expect(deleted.status).toBeLessThan(400);
    expect(standIn.keys().filter((key) => key.startsWith("uploads/"))).toEqual([]);
  });
  it("runs each periodic task once per period across both machines, and on the survivor once one is killed", async () => {
    type Run = { task: string; at: number; by: number };
    /** Every claimed run either machine logged, by the claim's start (the database's clock). */
    const runs = (): Run[] =>
      cluster.sites
        .flatMap((site, by) =>
          logLines(site.logs(), "task run claimed").map((line) => ({
            task: String(line.task),
            at: Date.parse(String(line.startedAt)),
            by,
          })),
        )
        .sort((x, y) => x.at - y.at);
    const runsOf = (task: string, list = runs()) => list.filter((run) => run.task === task);
    /** Starts of one task closer than a period (less the claim's 5 % tolerance): a second run. */
    const twice = (list: Run[]) =>
      periodicTasks.flatMap((task) =>
        runsOf(task, list)
          .slice(1)
          .map((run, i) => ({ task, gapMs: run.at - runsOf(task, list)[i]!.at }))
          .filter(({ gapMs }) => gapMs < 0.95 * PERIOD_MS),
      );

    /**
     * The longest time between two starts of one task. Reported, not asserted: a period is run
     * when some machine's timer fires after it, and on this shared 2-core machine a starved
     * event loop fires late (gaps of three periods were seen under load); the claim promises
     * "never twice", which is asserted.
     */
    const longestGapMs = (list: Run[]) =>
      Math.max(
        ...periodicTasks.flatMap((task) =>
          runsOf(task, list)
            .slice(1)
            .map((run, i) => run.at - runsOf(task, list)[i]!.at),
        ),
      );

    // A few periods with both machines up.
    await waitFor("three runs of every task", async () =>
      periodicTasks.filter((task) => runsOf(task).length < 3).length === 0 ? true : undefined,
    );
    const before = runs();
    expect(new Set(before.map((run) => run.task))).toEqual(new Set(periodicTasks));
    expect(twice(before), JSON.stringify(before)).toEqual([]);

    // The machine that ran the latest run dies at once (no shutdown, its claims left as they are).
    const victim = before.at(-1)!.by;
    const survivor = 1 - victim;
    await cluster.sites[victim]!.kill();
    const killedAt = Date.now();
    await waitFor("two runs of every task on the survivor after the kill", async () =>
      periodicTasks.filter((task) => runsOf(task).filter((run) => run.at > killedAt).length < 2).length === 0
        ? true
        : undefined,
    );
    const all = runs();
    const after = all.filter((run) => run.at > killedAt);
    const figures = {
      victim,
      runsBeforeKill: before.length,
      byMachineBeforeKill: [0, 1].map((by) => before.filter((run) => run.by === by).length),
      runsAfterKill: after.length,
      longestGapMsBeforeKill: longestGapMs(before),
      longestGapMsOverall: longestGapMs(all),
    };
    process.stderr.write(`periodic tasks: ${JSON.stringify(figures)}\n`);
    expect(after.filter((run) => run.by !== survivor)).toEqual([]);
    expect(twice(all), JSON.stringify(all)).toEqual([]);
    // The task the dead machine ran last: the survivor took it over (its claim left behind
    // counts for its own period only, docs/decisions/0022).
    const last = before.at(-1)!;
    expect(runsOf(last.task, after).filter((run) => run.by === survivor).length).toBeGreaterThanOrEqual(2);
  });
});
