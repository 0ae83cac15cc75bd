import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import type { Logger } from "~/platform/logging.server";
import type { OutgoingEmail } from "./templates.server";

export type OutboxEmail = typeof outboxEmails.$inferSelect;

/** Delivers one e-mail or throws; see transport.server.ts. */
export type MailTransport = {
  /** Where e-mails go, for the boot log ("smtp://mail.example.com:587", a folder…). */
  description: string;
  send(email: OutboxEmail): Promise<void>;
  close(): void;
};

const address = z.email();

/**
 * Writes an e-mail to the outbox inside the caller's transaction: it exists if and only if the
 * data that caused it was committed, and the mail worker delivers it after the commit.
 */
export async function enqueueEmail(tx: Db | Tx, email: OutgoingEmail): Promise<string> {
  if (!address.safeParse(email.to).success)
    throw new Error(`enqueueEmail: invalid recipient for ${email.kind}`);
  const [row] = await tx
    .insert(outboxEmails)
    .values({
      kind: email.kind,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: email.headers ?? {},
      attachments: email.attachments ?? [],
    })
    .returning({ id: outboxEmails.id });
  return row!.id;
}

/**
 * Writes many e-mails in ONE statement (a JSON array unpacked by the database), so a feature
 * that sends one e-mail per recipient (job alerts) costs a constant number of queries however
 * many recipients there are. Same contract as `enqueueEmail`: inside the caller's transaction.
 */
export async function enqueueEmails(tx: Db | Tx, emails: OutgoingEmail[]): Promise<number> {
  if (emails.length === 0) return 0;
  for (const email of emails)
    if (!address.safeParse(email.to).success)
      throw new Error(`enqueueEmails: invalid recipient for ${email.kind}`);
  const rows = emails.map(({ kind, to, subject, html, text, headers }) => ({
    kind,
    to,
    subject,
    html,
    text,
    headers: headers ?? {},
  }));
  await tx.execute(
    sql`insert into ${outboxEmails} (kind, "to", subject, html, text, headers)
        select kind, "to", subject, html, text, headers
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(kind text, "to" text, subject text, html text, text text, headers jsonb)`,
  );
  return rows.length;
}

/**
 * Deletes the outbox's e-mails to or about someone (a data-rights deletion): those addressed to
 * `needle` or whose text contains it (an address, an item's id in the studio's copy), whatever
 * their case. Answers the ids of those that went, for `removeMailFiles` (transport.server.ts)
 * once the caller's transaction is committed.
 */
export async function deleteEmailsMentioning(tx: Db | Tx, needle: string): Promise<string[]> {
  if (!needle.trim()) return [];
  const gone = await tx
    .delete(outboxEmails)
    .where(
      sql`lower(${outboxEmails.to}) = lower(${needle})
        or position(lower(${needle}) in lower(${outboxEmails.text})) > 0
        or position(lower(${needle}) in lower(${outboxEmails.html})) > 0
        or position(lower(${needle}) in lower(${outboxEmails.subject})) > 0`,
    )
    .returning({ id: outboxEmails.id });
  return gone.map((row) => row.id);
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 60 * 60_000;

/**
 * Wait before the next try after `attempt` failed tries: `baseMs` (30 s unless
 * MAIL_RETRY_BASE_SECONDS says otherwise), then doubling: 1 min, 2 min … at most 1 h.
 */
export function backoffMs(attempt: number, baseMs = BACKOFF_BASE_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), BACKOFF_CAP_MS);
}

export type DeliveryOptions = {
  /** Tries before an e-mail is marked failed. */
  maxAttempts: number;
  /** The first wait after a failed try (see backoffMs); 30 s by default. */
  retryBaseMs?: number;
  /** E-mails claimed per round. */
  batchSize?: number;
  /**
   * How long a claimed e-mail is reserved for the worker that claimed it. It must outlast one
   * SMTP exchange (see transport timeouts) so that no other worker takes it over mid-send.
   */
  leaseMs?: number;
  now?: () => Date;
  logger?: Logger;
};

/**
 * Claims due e-mails for this worker: `FOR UPDATE SKIP LOCKED` lets several processes claim
 * at once without taking the same row, and the claim pushes `next_attempt_at` past a lease
 * and counts the attempt, committed before anything is sent.
 */
export async function claimDueEmails(
  db: Db,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<OutboxEmail[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.status, "pending"), lte(outboxEmails.nextAttemptAt, options.now)))
      .orderBy(asc(outboxEmails.nextAttemptAt))
      .limit(options.limit)
      .for("update", { skipLocked: true });
    if (!due.length) return [];
    await tx
      .update(outboxEmails)
      .set({
        attempts: sql`${outboxEmails.attempts} + 1`,
        nextAttemptAt: new Date(options.now.getTime() + options.leaseMs),
      })
      .where(
        inArray(
          outboxEmails.id,
          due.map((row) => row.id),
        ),
      );
    return due.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });
}

/** An SMTP 5xx answer (unknown mailbox, rejected content) will not change on a retry. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export type DeliveryReport = { claimed: number; sent: number; retrying: number; failed: number };

/**
 * One round of delivery: claim due e-mails, send each, then record the outcome.
 *
 * Why not hold the row lock while sending: on PGlite every query waits while a transaction is
 * open, so a slow SMTP server would stall the whole site. The lease gives the same exclusion
 * without holding a transaction across the network.
 *
 * Crash window, chosen on purpose: an e-mail is marked sent only after the SMTP server
 * accepted it. If the process dies between the two (milliseconds), the lease expires and the
 * e-mail is sent again: at-least-once, never lost. The duplicate carries the same Message-ID
 * (the row's id), which mail servers and clients use to fold duplicates. The alternative
 * (mark first, send after) would silently lose e-mails such as alert links instead.
 */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const now = options.now ?? (() => new Date());
  const claimed = await claimDueEmails(db, {
    now: now(),
    limit: options.batchSize ?? 10,
    leaseMs: options.leaseMs ?? 5 * 60_000,
  });
  const report: DeliveryReport = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  for (const email of claimed) {
    const log = options.logger?.child({ emailId: email.id, kind: email.kind, attempt: email.attempts });
    try {
      await transport.send(email);
    } catch (err) {
      const giveUp = isPermanent(err) || email.attempts >= options.maxAttempts;
      const nextAttemptAt = new Date(now().getTime() + backoffMs(email.attempts, options.retryBaseMs));
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await db
        .update(outboxEmails)
        .set({ status: giveUp ? "failed" : "pending", nextAttemptAt, lastError })
        .where(eq(outboxEmails.id, email.id));
      if (giveUp) {
        report.failed++;
        log?.error({ err }, "e-mail delivery failed for good");
      } else {
        report.retrying++;
        log?.warn({ err, nextAttemptAt }, "e-mail delivery failed; will retry");
      }
      continue;
    }
    await db
      .update(outboxEmails)
      .set({ status: "sent", sentAt: now() })
      .where(and(eq(outboxEmails.id, email.id), eq(outboxEmails.status, "pending")));
    report.sent++;
    log?.info("e-mail sent");
  }
  return report;
}
