import http from "node:http";
import type { ParsedMail } from "mailparser";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { recipientHash } from "~/platform/mail/outbox.server";
import { startSmtpServer, type TestSmtpServer } from "~/platform/mail/test-smtp-server";
import { type Cluster, startCluster } from "./support/cluster";
import { send } from "./support/requests";
import { waitFor } from "./support/wait";

/**
 * The mail outbox (docs/decisions/0005-mail-outbox.md) as production runs it: two processes
 * delivering one outbox on one PostgreSQL database to a real SMTP server (smtp-server), which
 * counts each message it accepts by Message-ID and recipient.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How many times each message arrived, by Message-ID and recipient. */
function tally(messages: ParsedMail[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of messages) {
    const key = `${mail.messageId} ${mail.to && !Array.isArray(mail.to) ? mail.to.text : ""}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The JSON log lines of a process whose `msg` is `msg`. */
const logLines = (logs: string, msg: string) =>
  logs.split("\n").filter((line) => line.startsWith("{") && line.includes(`"msg":"${msg}"`));

describe("mail outbox: two processes, one real SMTP relay", () => {
  let smtp: TestSmtpServer;
  let cluster: Cluster;
  const agent = new http.Agent({ keepAlive: false });
  let visitor = 0;

  /** A job alert sign-up through the API of process `i` (one confirmation e-mail each). */
  async function signUp(i: number, email: string) {
    const from = `10.9.${(visitor >> 8) & 255}.${visitor++ & 255}`;
    const answer = await send(
      `http://127.0.0.1:${cluster.ports[i % cluster.ports.length]}/api/open/office-job-subscriptions`,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
        body: JSON.stringify({ name: "Tools jobs", language: "en", email, website: "" }),
      },
    );
    expect(answer.status, answer.body).toBe(202);
  }

  /**
   * The outbox rows of the given recipients, as the database has them: by their recipients'
   * hashes, which is all a delivered row keeps of them.
   */
  async function outbox(emails: string[]) {
    const client = new pg.Client({ connectionString: cluster.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{
        status: string;
        attempts: number;
        last_error: string | null;
      }>("select status, attempts, last_error from outbox_emails where recipient_hash = any($1)", [
        emails.map(recipientHash),
      ]);
      return rows;
    } finally {
      await client.end();
    }
  }
  const allSent = async (emails: string[]) => {
    const rows = await outbox(emails);
    return rows.length === emails.length && rows.filter((r) => r.status !== "sent").length === 0;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    cluster = await startCluster({
      name: "mail",
      buildDir: inject("buildDir"),
      count: 2,
      env: {
        SMTP_URL: smtp.url,
        MAIL_WORKER_INTERVAL_MS: "100",
        // A relay outage of seconds is retried within seconds (30 s in production).
        MAIL_RETRY_BASE_SECONDS: "1",
        RATE_LIMIT_FORM_POINTS: "1000",
        RATE_LIMIT_API_POINTS: "1000000",
        // Each process's "e-mail sent" lines say which delivered what.
        LOG_LEVEL: "info",
      },
    });
  });

  afterAll(async () => {
    agent.destroy();
    await cluster?.stop();
    await smtp?.stop();
  });

  it("delivers N sign-ups from both processes as exactly N e-mails, none twice", async () => {
    const N = 40;
    const emails = Array.from({ length: N }, (_, i) => `both-${i}@example.com`);
    const sentBefore = cluster.sites.map((site) => logLines(site.logs(), "e-mail sent").length);
    // Sent a few at a time to either process, so that both workers find e-mails due.
    for (let i = 0; i < N; i += 4)
      await Promise.all(emails.slice(i, i + 4).map((email, j) => signUp(i + j, email)));
    await waitFor("every e-mail to be marked sent", () => allSent(emails), 60_000);
    // A second sending of one would follow its first within a worker's round (100 ms).
    await sleep(1000);

    const counts = tally(smtp.received);
    const twice = [...counts].filter(([, count]) => count > 1);
    const byProcess = cluster.sites.map(
      (site, i) => logLines(site.logs(), "e-mail sent").length - (sentBefore[i] ?? 0),
    );
    process.stderr.write(
      `two processes: ${N} sign-ups -> ${smtp.received.length} e-mails at the SMTP server, ` +
        `${counts.size} distinct, ${twice.length} twice; delivered by each process: ${byProcess.join(" + ")}\n`,
    );

    expect(twice).toEqual([]);
    expect(smtp.received.map((mail) => (Array.isArray(mail.to) ? "" : mail.to?.text)).sort()).toEqual(
      [...emails].sort(),
    );
    // Both processes delivered: the outbox really was shared.
    expect(byProcess.filter((count) => count === 0)).toEqual([]);
  });

  it("delivers every e-mail exactly once after the relay comes back from an outage during sign-ups", async () => {
    const N = 20;
    const OUTAGE_MS = 8000;
    const emails = Array.from({ length: N }, (_, i) => `outage-${i}@example.com`);
    const port = smtp.port;
    await smtp.stop();
    const stoppedAt = Date.now();
    for (let i = 0; i < N; i += 4)
      await Promise.all(emails.slice(i, i + 4).map((email, j) => signUp(i + j, email)));
    // Every e-mail has met the outage: tried, and failed.
    await waitFor(
      "every e-mail to fail once",
      async () => {
        const rows = await outbox(emails);
        return rows.length === N && rows.filter((r) => r.last_error === null).length === 0;
      },
      OUTAGE_MS,
    );
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
    const triesDuringOutage = (await outbox(emails)).reduce((sum, r) => sum + r.attempts, 0);

    smtp = await startSmtpServer(port);
    const backAt = Date.now();
    await waitFor("every e-mail to be marked sent", () => allSent(emails), 60_000);
    const deliveredAfterMs = Date.now() - backAt;
    await sleep(1000);

    const counts = tally(smtp.received);
    const twice = [...counts].filter(([, count]) => count > 1);
    process.stderr.write(
      `relay down ${OUTAGE_MS / 1000} s: ${N} sign-ups, ${triesDuringOutage} tries before it returned; ` +
        `${smtp.received.length} e-mails after (${counts.size} distinct, ${twice.length} twice), ` +
        `all sent ${(deliveredAfterMs / 1000).toFixed(1)} s after it returned\n`,
    );

    expect(twice).toEqual([]);
    // Each of the outage's e-mails once, and nothing sent before the outage again.
    expect(smtp.received.map((mail) => (Array.isArray(mail.to) ? "" : mail.to?.text)).sort()).toEqual(
      [...emails].sort(),
    );
  });
});
