import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { noMetrics } from "~/platform/metrics/metrics.server";
import { freePort } from "../../../scripts/lib/site-process";
import { createTestDatabase } from "../../../tests/support/test-db";
import { parseConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { exportDump } from "../db/move.server";
import { outboxEmails } from "../db/schema";
import { createLogger } from "../logging.server";
import { startTasks } from "../tasks/scheduler.server";
import {
  backoffMs,
  claimDueEmails,
  type DeliveryOptions,
  deleteEmailsAbout,
  deliverDueEmails,
  enqueueEmail,
  type MailTransport,
  type OutboxItem,
  purgeOldEmails,
} from "./outbox.server";
import { defineEmailTemplate, type OutgoingEmail } from "./templates.server";
import { startSmtpServer, type TestSmtpServer } from "./test-smtp-server";
import { createMailTransport, createSmtpTransport } from "./transport.server";
import { mailDeliveryTask } from "./worker.server";

const FROM = "Lumen Forge <no-reply@lumenforge.test>";
const logger = createLogger("silent");

const welcome = defineEmailTemplate("welcome", (props: { name: string; link: string }) => ({
  subject: `Welcome, ${props.name}`,
  heading: `Hello ${props.name}`,
  paragraphs: ["Your sign-up is confirmed."],
  action: { label: "Open your page", url: props.link },
}));

function compose(to: string, name = "Ada"): Promise<OutgoingEmail> {
  return welcome.compose(
    { to, lang: "en", studioName: "Lumen Forge", siteUrl: "https://lumenforge.test" },
    { name, link: "https://lumenforge.test/alerts/1" },
  );
}

/** What the tests' e-mails are about. */
const alert: OutboxItem = { kind: "alert", id: "5f0c2b9e-1d4a-4e8b-9c3f-7a6d5e4c3b21" };

let database: Database;
/** These e-mails carry no attachment: a file store with nothing in it. */
const noFiles = { get: async () => null };

let smtp: TestSmtpServer;
let transport: MailTransport;
const transports: MailTransport[] = [];

function smtpTransport(url: string) {
  const created = createSmtpTransport(url, FROM, noFiles);
  transports.push(created);
  return created;
}

/** A clock the tests move forward instead of waiting for backoff delays. */
const start = new Date("2030-01-01T12:00:00Z").getTime();
const at = (ms: number) => () => new Date(start + ms);
const deliver = (t: MailTransport, options: Partial<DeliveryOptions> = {}) =>
  deliverDueEmails(database.db, t, { maxAttempts: 5, now: at(0), logger, ...options });

async function enqueueAt(email: OutgoingEmail, about = alert) {
  const id = await database.db.transaction((tx) => enqueueEmail(tx, email, about));
  // Due from the test clock's start.
  await database.db
    .update(outboxEmails)
    .set({ nextAttemptAt: new Date(start) })
    .where(eq(outboxEmails.id, id));
  return id;
}

const row = async (id: string) =>
  (await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(outboxEmails);
  smtp = await startSmtpServer();
  transport = smtpTransport(smtp.url);
});
afterEach(async () => {
  for (const t of transports.splice(0)) t.close();
  await smtp.stop();
});

describe("enqueueEmail", () => {
  it("delivers an e-mail enqueued in a committed transaction exactly once", async () => {
    const id = await enqueueAt(await compose("ada@example.com"));

    expect(await deliver(transport)).toEqual({ claimed: 1, sent: 1, retrying: 0, failed: 0 });
    expect(await deliver(transport, { now: at(3 * 60 * 60_000) })).toMatchObject({ claimed: 0 });

    const [mail] = await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    expect(mail!.subject).toBe("Welcome, Ada");
    expect(mail!.from?.text).toBe('"Lumen Forge" <no-reply@lumenforge.test>');
    expect(mail!.to).toMatchObject({ text: "ada@example.com" });
    expect(mail!.messageId).toBe(`<${id}@lumenforge.test>`);
    expect(mail!.html).toContain("Hello Ada");
    expect(mail!.html).toContain('href="https://lumenforge.test/alerts/1"');
    expect(mail!.text).toContain("Open your page:\nhttps://lumenforge.test/alerts/1");
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, sentAt: new Date(start) });
  });

  it("leaves nothing when the transaction rolls back", async () => {
    const email = await compose("ada@example.com");
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, email, alert);
        throw new Error("the alert could not be saved");
      }),
    ).rejects.toThrow("the alert could not be saved");

    expect(await database.db.$count(outboxEmails)).toBe(0);
    expect(await deliver(transport, { now: () => new Date() })).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("refuses an invalid recipient before anything is written", async () => {
    const email = await compose("not-an-address");
    await expect(enqueueEmail(database.db, email, alert)).rejects.toThrow(/invalid recipient/);
    expect(await database.db.$count(outboxEmails)).toBe(0);
  });
});

describe("deliverDueEmails", () => {
  it("retries with backoff while SMTP is down and delivers once it is back, never twice", async () => {
    const port = await freePort();
    const down = smtpTransport(`smtp://127.0.0.1:${port}`);
    const id = await enqueueAt(await compose("ada@example.com"));

    expect(await deliver(down)).toMatchObject({ claimed: 1, retrying: 1 });
    let state = await row(id);
    expect(state).toMatchObject({ status: "pending", attempts: 1 });
    expect(state.nextAttemptAt.getTime()).toBe(start + backoffMs(1));
    expect(state.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Not due yet: nothing is tried.
    expect(await deliver(down, { now: at(backoffMs(1) - 1000) })).toMatchObject({ claimed: 0 });

    // Second failure doubles the wait.
    expect(await deliver(down, { now: at(backoffMs(1)) })).toMatchObject({ retrying: 1 });
    state = await row(id);
    expect(state.attempts).toBe(2);
    expect(state.nextAttemptAt.getTime()).toBe(start + backoffMs(1) + backoffMs(2));

    // The server comes back on the same address.
    const back = await startSmtpServer(port);
    try {
      const later = backoffMs(1) + backoffMs(2);
      expect(await deliver(down, { now: at(later) })).toMatchObject({ claimed: 1, sent: 1 });
      expect(await deliver(down, { now: at(later + 24 * 60 * 60_000) })).toMatchObject({ claimed: 0 });
      await back.waitFor(1);
      expect(back.received).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: "sent", attempts: 3 });
    } finally {
      await back.stop();
    }
  });

  it("marks an e-mail failed after the configured number of attempts", async () => {
    const down = smtpTransport(`smtp://127.0.0.1:${await freePort()}`);
    const id = await enqueueAt(await compose("ada@example.com"));
    let clock = 0;
    for (let attempt = 1; attempt <= 3; attempt++) {
      await deliver(down, { maxAttempts: 3, now: at(clock) });
      clock += backoffMs(attempt);
    }
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(await deliver(down, { maxAttempts: 3, now: at(clock + 10 * 60 * 60_000) })).toMatchObject({
      claimed: 0,
    });
  });

  it("with the production defaults, rides out a relay down for a minute and sends each e-mail once after", async () => {
    // The defaults a site runs with (MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_SECONDS, the worker's
    // tick), not the 1 s first wait mail-outbox.integration.ts uses to keep its outage short.
    const defaults = parseConfig({});
    const options = {
      maxAttempts: defaults.MAIL_MAX_ATTEMPTS,
      retryBaseMs: defaults.MAIL_RETRY_BASE_SECONDS * 1000,
    };
    const OUTAGE_MS = 60_000;
    // The longest outage the schedule survives: the waits before the last attempt, summed.
    const riddenOutMs = Array.from({ length: options.maxAttempts - 1 }, (_, i) =>
      backoffMs(i + 1, options.retryBaseMs),
    ).reduce((sum, ms) => sum + ms, 0);

    const port = await freePort();
    const relay = smtpTransport(`smtp://127.0.0.1:${port}`);
    const id = await enqueueAt(await compose("ada@example.com"));
    // Every tick of the worker through the minute, on the test clock: the relay refuses.
    let clock = 0;
    for (; clock < OUTAGE_MS; clock += defaults.MAIL_WORKER_INTERVAL_MS) {
      const report = await deliver(relay, { ...options, now: at(clock) });
      expect(report.failed).toBe(0);
    }
    const duringOutage = await row(id);
    expect(duringOutage).toMatchObject({ status: "pending", sentAt: null });
    expect(duringOutage.attempts).toBeLessThan(options.maxAttempts);

    // The relay is back on its address: the ticks go on until the e-mail is sent.
    const back = await startSmtpServer(port);
    try {
      let sentAtMs: number | undefined;
      for (
        ;
        sentAtMs === undefined && clock < OUTAGE_MS + riddenOutMs;
        clock += defaults.MAIL_WORKER_INTERVAL_MS
      ) {
        const report = await deliver(relay, { ...options, now: at(clock) });
        if (report.sent) sentAtMs = clock;
      }
      await back.waitFor(1);
      expect(back.received).toHaveLength(1);
      expect(await row(id)).toMatchObject({ status: "sent", attempts: duringOutage.attempts + 1 });
      // Sent at most one wait (the one the outage's last failure set) after the relay returned.
      expect(Number(sentAtMs) - OUTAGE_MS).toBeLessThanOrEqual(
        backoffMs(duringOutage.attempts, options.retryBaseMs),
      );
      // Later ticks send nothing more.
      expect(await deliver(relay, { ...options, now: at(clock + 24 * 60 * 60_000) })).toMatchObject({
        claimed: 0,
      });
      expect(back.received).toHaveLength(1);
    } finally {
      await back.stop();
    }
    // Any outage shorter than the schedule's waits is ridden out the same way (about 3 h).
    expect(riddenOutMs).toBeGreaterThan(OUTAGE_MS);
  });

  it("gives up at once on a permanent refusal (5xx)", async () => {
    const id = await enqueueAt(await compose("nobody@rejected.example"));
    expect(await deliver(transport)).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 1 });
    expect((await row(id)).lastError).toMatch(/550/);
  });

  it("backs off exponentially up to one hour", () => {
    expect([1, 2, 3, 4, 8, 20].map((attempt) => backoffMs(attempt))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
    // From another first wait (MAIL_RETRY_BASE_SECONDS), the same doubling and cap.
    expect([1, 2, 3, 20].map((attempt) => backoffMs(attempt, 1000))).toEqual([1000, 2000, 4000, 3_600_000]);
  });

  it("lets concurrent workers share the outbox without sending anything twice", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await enqueueAt(await compose(`player${i}@example.com`, `P${i}`)));
    const workers = [smtpTransport(smtp.url), smtpTransport(smtp.url), smtpTransport(smtp.url)];
    const rounds = async (t: MailTransport) => {
      while ((await deliver(t, { batchSize: 2 })).claimed > 0) {}
    };
    await Promise.all(workers.map(rounds));

    await smtp.waitFor(7);
    const messageIds = smtp.received.map((mail) => mail.messageId);
    expect(new Set(messageIds).size).toBe(7);
    expect(messageIds.sort()).toEqual(ids.map((id) => `<${id}@lumenforge.test>`).sort());
  });

  it("claims an e-mail that fell due within the worker clock's current millisecond", async () => {
    const id = await enqueueAt(await compose("ada@example.com"));
    // The database's clock has microseconds: queued 0.7 ms into the millisecond the worker's
    // clock (JavaScript, milliseconds) reads as now.
    await database.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`'2030-01-01T12:00:00.000700Z'::timestamptz` })
      .where(eq(outboxEmails.id, id));
    const claimed = await claimDueEmails(database.db, { now: new Date(start), limit: 10, leaseMs: 60_000 });
    expect(claimed.map((email) => email.id)).toEqual([id]);
  });

  it("does not let a second worker take a claimed e-mail until its lease runs out", async () => {
    const id = await enqueueAt(await compose("ada@example.com"));
    // A worker claims it and dies before recording anything.
    const claimed = await claimDueEmails(database.db, {
      now: new Date(start),
      limit: 10,
      leaseMs: 5 * 60_000,
    });
    expect(claimed.map((email) => email.id)).toEqual([id]);

    expect(await deliver(transport, { now: at(4 * 60_000) })).toMatchObject({ claimed: 0 });
    // After the lease the e-mail is delivered (at least once: see deliverDueEmails).
    expect(await deliver(transport, { now: at(5 * 60_000) })).toMatchObject({ sent: 1 });
    await smtp.waitFor(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("what the outbox keeps of an e-mail", () => {
  const sha256 = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest("hex");
  /** What a delivered or given-up row holds of what it sent: nothing. */
  const nothingSent = {
    to: null,
    subject: null,
    html: null,
    text: null,
    headers: {},
    attachments: [],
    recipientHash: sha256("ada@example.com"),
  };

  it("keeps only its kind, item, times and the recipient's hash once delivered, in the dump too", async () => {
    const email = await compose("Ada@Example.com");
    const id = await enqueueAt({ ...email, headers: { "Reply-To": "grace@example.com" } });
    // Pending, it has everything it will send.
    expect(await row(id)).toMatchObject({
      to: "Ada@Example.com",
      subject: "Welcome, Ada",
      headers: { "Reply-To": "grace@example.com" },
    });

    expect(await deliver(transport)).toMatchObject({ sent: 1 });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe("Welcome, Ada");
    expect(await row(id)).toMatchObject({
      ...nothingSent,
      kind: "welcome",
      itemKind: alert.kind,
      itemId: alert.id,
      status: "sent",
      sentAt: new Date(start),
    });
    const dump: string[] = [];
    await exportDump(database.db, (line) => {
      dump.push(line);
    });
    const text = dump.join("\n");
    expect(text).toContain(id);
    for (const sent of ["Welcome, Ada", "Hello Ada", "lumenforge.test/alerts/1", "example.com"])
      expect(text.toLowerCase(), sent).not.toContain(sent.toLowerCase());
  });

  it("strips an e-mail given up, and keeps no address in its error", async () => {
    const refusing: MailTransport = {
      description: "a relay that refuses the recipient",
      send: async (email) => {
        throw Object.assign(new Error(`550 5.1.1 <${email.to.toUpperCase()}>: unknown mailbox`), {
          responseCode: 550,
        });
      },
      close: () => {},
    };
    const id = await enqueueAt(await compose("ada@example.com"));

    expect(await deliver(refusing)).toMatchObject({ failed: 1 });

    const failed = await row(id);
    expect(failed).toMatchObject({
      ...nothingSent,
      status: "failed",
      itemKind: alert.kind,
      itemId: alert.id,
    });
    expect(failed.lastError).toBe("550 5.1.1 <<recipient>>: unknown mailbox");
  });

  it("keeps what it sends while it is retried", async () => {
    const down = smtpTransport(`smtp://127.0.0.1:${await freePort()}`);
    const id = await enqueueAt(await compose("ada@example.com"));

    expect(await deliver(down, { maxAttempts: 2 })).toMatchObject({ retrying: 1 });
    expect(await row(id)).toMatchObject({
      status: "pending",
      to: "ada@example.com",
      subject: "Welcome, Ada",
    });

    expect(await deliver(down, { maxAttempts: 2, now: at(backoffMs(1)) })).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({ ...nothingSent, status: "failed" });
  });

  it("deletes the e-mails about an item, pending or delivered, and no other", async () => {
    const application = { kind: "application", id: "3c9a1f6e-2b7d-4e5a-8f1c-0d9e8b7a6c54" };
    const delivered = await enqueueAt(await compose("ada@example.com"), application);
    await deliver(transport);
    const pending = await enqueueAt(await compose("jobs@lumenforge.test"), application);
    const sameIdOtherKind = await enqueueAt(await compose("ada@example.com"), {
      ...application,
      kind: "contact",
    });
    const other = await enqueueAt(await compose("ada@example.com"));

    const gone = await database.db.transaction((tx) =>
      deleteEmailsAbout(tx, application.kind, [application.id]),
    );

    expect(gone.sort()).toEqual([delivered, pending].sort());
    const left = await database.db.select({ id: outboxEmails.id }).from(outboxEmails);
    expect(left.map((r) => r.id).sort()).toEqual([sameIdOtherKind, other].sort());
  });

  it("deletes delivered rows at the maximum age of 36 months, whatever their item", async () => {
    const old = await enqueueAt(await compose("ada@example.com"), { kind: "account", id: "a" });
    const young = await enqueueAt(await compose("ada@example.com"), { kind: "account", id: "b" });
    await deliver(transport);
    const pending = await enqueueAt(await compose("grace@example.com"));
    const createdAt = (ms: number, id: string) =>
      database.db
        .update(outboxEmails)
        .set({ createdAt: new Date(ms) })
        .where(eq(outboxEmails.id, id));
    const now = new Date("2033-06-15T12:00:00Z");
    await createdAt(Date.parse("2030-06-15T11:00:00Z"), old);
    await createdAt(Date.parse("2030-06-15T13:00:00Z"), young);
    await createdAt(Date.parse("2020-01-01T00:00:00Z"), pending);

    expect(await purgeOldEmails(database.db, now)).toEqual([old]);
    const left = await database.db.select({ id: outboxEmails.id }).from(outboxEmails);
    expect(left.map((r) => r.id).sort()).toEqual([young, pending].sort());
  });
});

describe("mail delivery task", () => {
  it("delivers the outbox in the background and stops cleanly", async () => {
    const config = parseConfig({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_WORKER_INTERVAL_MS: "50" });
    const transport = createMailTransport(config, logger, noFiles);
    const scheduler = startTasks(
      [mailDeliveryTask({ config, db: database.db, logger, metrics: noMetrics }, transport)],
      {
        logger,
      },
    );
    try {
      await database.db.transaction(async (tx) => {
        await enqueueEmail(tx, await compose("ada@example.com"), alert);
        await enqueueEmail(tx, await compose("grace@example.com", "Grace"), alert);
      });
      const received = await smtp.waitFor(2);
      expect(received.map((mail) => mail.subject).sort()).toEqual(["Welcome, Ada", "Welcome, Grace"]);
    } finally {
      await scheduler.stop();
      transport.close();
    }
    const statuses = await database.db.select({ status: outboxEmails.status }).from(outboxEmails);
    expect(statuses).toEqual([{ status: "sent" }, { status: "sent" }]);
  });

  it("waits MAIL_RETRY_BASE_SECONDS before the first retry", async () => {
    const down = `smtp://127.0.0.1:${await freePort()}`;
    const config = parseConfig({ SMTP_URL: down, MAIL_FROM: FROM, MAIL_RETRY_BASE_SECONDS: "7" });
    const transport = createMailTransport(config, logger, noFiles);
    const id = await database.db.transaction(async (tx) =>
      enqueueEmail(tx, await compose("ada@example.com"), alert),
    );
    const before = Date.now();
    try {
      await mailDeliveryTask({ config, db: database.db, logger, metrics: noMetrics }, transport).run(
        new AbortController().signal,
      );
    } finally {
      transport.close();
    }
    const after = Date.now();
    const { nextAttemptAt } = await row(id);
    expect(nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 7000);
    expect(nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 7000);
  });
});
