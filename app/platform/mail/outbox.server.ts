import crypto from "node:crypto";
import { and, asc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import type { Logger } from "~/platform/logging.server";
import { addMonths } from "~/platform/time/months";
import type { OutgoingEmail } from "./templates.server";

export type OutboxEmail = typeof outboxEmails.$inferSelect;

/**
 * An e-mail still to deliver: a pending row, which the table's check says holds its recipient
 * and texts (a delivered or given-up one holds neither).
 */
export type DueEmail = OutboxEmail & { to: string; subject: string; html: string; text: string };

/** Delivers one e-mail or throws; see transport.server.ts. */
export type MailTransport = {
  /** Where e-mails go, for the boot log ("smtp://mail.example.com:587", a folder…). */
  description: string;
  send(email: DueEmail): Promise<void>;
  close(): void;
};

/**
 * The item an e-mail is about, as the feature that sends it names it: its kind (the kind of
 * its personal-data source where it has one: "application", "contact", "account"…) and its
 * id. Deleting the item deletes its e-mails, pending or delivered (`deleteEmailsAbout`);
 * see docs/decisions/0047-outbox-keeps-no-copy.md.
 */
export type OutboxItem = { kind: string; id: string };

/**
 * An address hashed as the outbox keeps it once the e-mail is delivered: SHA-256, in hex, of
 * the address trimmed and lower-cased (migration 0017 computes the same in SQL).
 */
export const recipientHash = (address: string): string =>
  crypto.createHash("sha256").update(address.trim().toLowerCase(), "utf8").digest("hex");

const addressItemKind = "address";

/**
 * The item of an e-mail about an address as a whole rather than one item (the lost status
 * links, which list everything tied to it): the address's hash. Once delivered, it goes with the
 * first item it names that is deleted (`deleteEmailsAbout`), or when everything tied to the
 * address is (`deleteEmailsMentioning`), else at the outbox's maximum age.
 */
export const aboutAddress = (address: string): OutboxItem => ({
  kind: addressItemKind,
  id: recipientHash(address),
});

const address = z.email();

/** The columns of a new row: the e-mail, what it is about, and its recipient's hash. */
const newRow = (email: OutgoingEmail, about: OutboxItem) => ({
  kind: email.kind,
  itemKind: about.kind,
  itemId: about.id,
  to: email.to,
  recipientHash: recipientHash(email.to),
  subject: email.subject,
  html: email.html,
  text: email.text,
  headers: email.headers ?? {},
  attachments: email.attachments ?? [],
});

/**
 * Writes an e-mail about `about` to the outbox inside the caller's transaction: it exists if
 * and only if the data that caused it was committed, and the mail worker delivers it after the
 * commit.
 */
export async function enqueueEmail(tx: Db | Tx, email: OutgoingEmail, about: OutboxItem): Promise<string> {
  if (!address.safeParse(email.to).success)
    throw new Error(`enqueueEmail: invalid recipient for ${email.kind}`);
  const [row] = await tx.insert(outboxEmails).values(newRow(email, about)).returning({ id: outboxEmails.id });
  return row!.id;
}

/**
 * Writes many e-mails in ONE statement (a JSON array unpacked by the database), so a feature
 * that sends one e-mail per recipient (job alerts) costs a constant number of queries however
 * many recipients there are. Same contract as `enqueueEmail`: inside the caller's transaction.
 */
export async function enqueueEmails(
  tx: Db | Tx,
  emails: Array<{ email: OutgoingEmail; about: OutboxItem }>,
): Promise<number> {
  if (emails.length === 0) return 0;
  for (const { email } of emails)
    if (!address.safeParse(email.to).success)
      throw new Error(`enqueueEmails: invalid recipient for ${email.kind}`);
  const rows = emails.map(({ email, about }) => {
    const { kind, itemKind, itemId, to, recipientHash, subject, html, text, headers } = newRow(email, about);
    return {
      kind,
      item_kind: itemKind,
      item_id: itemId,
      to,
      recipient_hash: recipientHash,
      subject,
      html,
      text,
      headers,
    };
  });
  await tx.execute(
    sql`insert into ${outboxEmails} (kind, item_kind, item_id, "to", recipient_hash, subject, html, text, headers)
        select kind, item_kind, item_id, "to", recipient_hash, subject, html, text, headers
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(kind text, item_kind text, item_id text, "to" text, recipient_hash text, subject text,
            html text, text text, headers jsonb)`,
  );
  return rows.length;
}

/**
 * Deletes the outbox's e-mails about these items (`kind` and ids, as they were queued): to the
 * person or to a team, pending or delivered, and the delivered e-mails about the person's
 * address as a whole (`aboutAddress`), which named them. Every deletion of an item calls it in the
 * transaction that deletes the item (a retention purge with every id it deleted). Answers the
 * ids of those that went, for `removeMailFiles` (transport.server.ts) once that transaction is
 * committed.
 */
export async function deleteEmailsAbout(
  tx: Db | Tx,
  kind: string,
  ids: string | readonly string[],
): Promise<string[]> {
  const items = typeof ids === "string" ? [ids] : [...ids];
  if (!items.length) return [];
  const gone = await tx
    .delete(outboxEmails)
    .where(and(eq(outboxEmails.itemKind, kind), inArray(outboxEmails.itemId, items)))
    .returning({ id: outboxEmails.id, recipientHash: outboxEmails.recipientHash });
  // The e-mails about an address its own e-mails went to: they named these items (a label and
  // a link each), so a delivered one (its .eml copy, DATA_DIR/mail) goes with them. A pending
  // one still goes out: it may hold the only live links to the address's other items.
  const recipients = [...new Set(gone.flatMap((row) => (row.recipientHash ? [row.recipientHash] : [])))];
  const listing = recipients.length
    ? await tx
        .delete(outboxEmails)
        .where(
          and(
            eq(outboxEmails.itemKind, addressItemKind),
            inArray(outboxEmails.itemId, recipients),
            ne(outboxEmails.status, "pending"),
          ),
        )
        .returning({ id: outboxEmails.id })
    : [];
  return [...gone, ...listing].map((row) => row.id);
}

/**
 * Deletes the outbox's e-mails to or about someone (a data-rights deletion of everything tied
 * to an address, after each item's own): those addressed to `needle` (found by the recipient's
 * hash, which pending and delivered rows alike keep), or whose text, still there while pending,
 * contains it, whatever their case. Answers the ids of those that went, for `removeMailFiles`
 * (transport.server.ts) once the caller's transaction is committed.
 */
export async function deleteEmailsMentioning(tx: Db | Tx, needle: string): Promise<string[]> {
  if (!needle.trim()) return [];
  const gone = await tx
    .delete(outboxEmails)
    .where(
      sql`${outboxEmails.recipientHash} = ${recipientHash(needle)}
        or position(lower(${needle}) in lower(${outboxEmails.text})) > 0
        or position(lower(${needle}) in lower(${outboxEmails.html})) > 0
        or position(lower(${needle}) in lower(${outboxEmails.subject})) > 0`,
    )
    .returning({ id: outboxEmails.id });
  return gone.map((row) => row.id);
}

/**
 * How long a delivered or given-up row (kind, item, times, recipient's hash) is kept at most:
 * 36 months, the longest period the privacy policy states. An item with a retention period
 * takes its e-mails with it before; this is the end of those whose item has none (an account,
 * a confirmed alert, an address) and of rows queued before items were named.
 */
export const OUTBOX_MAX_AGE_MONTHS = 36;

/**
 * Deletes the delivered and given-up rows older than OUTBOX_MAX_AGE_MONTHS; answers their ids,
 * for `removeMailFiles`.
 */
export async function purgeOldEmails(db: Db, now = new Date()): Promise<string[]> {
  const cutoff = addMonths(now, -OUTBOX_MAX_AGE_MONTHS);
  const gone = await db
    .delete(outboxEmails)
    .where(and(ne(outboxEmails.status, "pending"), lt(outboxEmails.createdAt, cutoff)))
    .returning({ id: outboxEmails.id });
  return gone.map((row) => row.id);
}

/**
 * What a row becomes once delivered or given up, in the update that says so: its kind, item,
 * times, tries and recipient's hash stay; nothing it sent does (migration 0017 did the same to
 * the rows delivered before).
 */
const stripped = {
  to: null,
  subject: null,
  html: null,
  text: null,
  headers: {},
  attachments: [],
} satisfies Partial<typeof outboxEmails.$inferInsert>;

/** An error's message as kept on the row: the recipient's address written `<recipient>`. */
function errorWithoutRecipient(err: unknown, to: string): string {
  const message = err instanceof Error ? err.message : String(err);
  const escaped = to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return message.replace(new RegExp(escaped, "gi"), "<recipient>").slice(0, 1000);
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
): Promise<DueEmail[]> {
  // `now` has milliseconds and the database's clock microseconds: an e-mail queued in this very
  // millisecond (due at 12:00:00.000700, `now` 12:00:00.000) is due all the same, not on the
  // next round.
  const dueBy = new Date(options.now.getTime() + 1);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.status, "pending"), lt(outboxEmails.nextAttemptAt, dueBy)))
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
    // Pending rows: the table's check says they hold their recipient and texts.
    return due.map((row) => ({ ...row, attempts: row.attempts + 1 }) as DueEmail);
  });
}

/** An SMTP 5xx answer (unknown mailbox, rejected content) will not change on a retry. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export type DeliveryReport = { claimed: number; sent: number; retrying: number; failed: number };

/**
 * One round of delivery: claim due e-mails, send each, then record the outcome. The update
 * that marks an e-mail sent, or failed for good, clears what it sent (`stripped`): from then on
 * the outbox keeps no copy of it.
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
      const lastError = errorWithoutRecipient(err, email.to);
      // Only while still pending: another worker may have sent it after this one's lease ran out.
      await db
        .update(outboxEmails)
        .set(
          giveUp ? { status: "failed", nextAttemptAt, lastError, ...stripped } : { nextAttemptAt, lastError },
        )
        .where(and(eq(outboxEmails.id, email.id), eq(outboxEmails.status, "pending")));
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
      .set({ status: "sent", sentAt: now(), ...stripped })
      .where(and(eq(outboxEmails.id, email.id), eq(outboxEmails.status, "pending")));
    report.sent++;
    log?.info("e-mail sent");
  }
  return report;
}

/**
 * The outbox as an operator watches it (platform/metrics): e-mails waiting to go, when the
 * oldest of them was queued, and those given up on. One query; the status index serves it.
 */
export async function outboxBacklog(
  db: Db,
): Promise<{ pending: number; oldestPendingAt: Date | null; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${outboxEmails.status} = 'pending')`.mapWith(Number),
      oldestPendingAt: sql<
        string | null
      >`min(${outboxEmails.createdAt}) filter (where ${outboxEmails.status} = 'pending')`,
      failed: sql<number>`count(*) filter (where ${outboxEmails.status} = 'failed')`.mapWith(Number),
    })
    .from(outboxEmails)
    .where(ne(outboxEmails.status, "sent"));
  return {
    pending: row?.pending ?? 0,
    oldestPendingAt: row?.oldestPendingAt ? new Date(row.oldestPendingAt) : null,
    failed: row?.failed ?? 0,
  };
}
