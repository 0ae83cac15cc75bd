import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { OutboxAttachment } from "~/platform/db/schema";
import type { FileStore } from "~/platform/files/file-store.server";
import { writeWhole } from "~/platform/files/write-whole.server";
import type { Logger } from "~/platform/logging.server";
import type { DueEmail, MailTransport } from "./outbox.server";

/**
 * The Message-ID is derived from the outbox row, so a resend after a crash (see
 * deliverDueEmails) is recognisably the same message.
 */
async function messageFields(email: DueEmail, from: string, files: Pick<FileStore, "get">) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return {
    from,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers,
    attachments: await Promise.all((email.attachments ?? []).map((a) => attachment(a, files))),
    messageId: `<${email.id}@${domain}>`,
    date: email.createdAt,
  };
}

/**
 * An attachment's bytes, read from the file store at sending time by whichever process delivers
 * the e-mail. One that is gone (its owner deleted meanwhile) fails the sending, which the outbox
 * retries and then gives up, as for any e-mail that cannot be sent; an e-mail queued before the
 * file store names a local file, which nodemailer reads.
 */
async function attachment(a: OutboxAttachment, files: Pick<FileStore, "get">) {
  if (a.path !== undefined) return { filename: a.filename, path: a.path, contentType: a.contentType };
  const content = await files.get(a.file);
  if (!content) throw new Error(`attachment ${a.file} is no longer in the file store`);
  return { filename: a.filename, content: Buffer.from(content), contentType: a.contentType };
}

/**
 * Sends over SMTP_URL (smtp:// or smtps://, credentials in the URL). The timeouts keep one
 * exchange well inside the worker's claim lease (5 minutes).
 */
export function createSmtpTransport(
  smtpUrl: string,
  from: string,
  files: Pick<FileStore, "get">,
): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const shown = new URL(smtpUrl);
  return {
    description: `${shown.protocol}//${shown.host}`,
    async send(email) {
      await transporter.sendMail(await messageFields(email, from, files));
    },
    close: () => transporter.close(),
  };
}

/** Where the default transport writes e-mails (no SMTP_URL): DATA_DIR/mail. */
export const mailFolder = (dataDir: string) => path.join(dataDir, "mail");

/**
 * "2026-03-01T09-30-00Z-alert-created-ada@example.com-<the row's id>.eml": sortable and telling,
 * and ending in the outbox row's id, so that the row's deletion finds its file (removeMailFiles).
 */
export function emailFileName(email: Pick<DueEmail, "id" | "kind" | "to">, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  const safe = (part: string) => part.replace(/[^A-Za-z0-9@._+-]+/g, "_").slice(0, 80);
  return `${stamp}-${safe(email.kind)}-${safe(email.to)}-${email.id}.eml`;
}

/** The row id a file name ends in: the whole id, or its first 8 characters (older files' names). */
const fileRowId = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{8})\.eml$/;

/**
 * Removes the .eml files of these outbox rows from DATA_DIR/mail: whoever deletes outbox rows
 * calls it with their ids once the deletion is committed, so the copy on the disk goes with the
 * row (a deletion rolled back keeps both). It looks whatever SMTP_URL says now: files written
 * before it was set are still there. Only files named after one of `ids` go, never another
 * database's (tests and a development site may share the folder). Answers how many went.
 */
export async function removeMailFiles(
  settings: { dataDir: string },
  ids: readonly string[],
): Promise<number> {
  if (!ids.length) return 0;
  const dir = mailFolder(settings.dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  const whole = new Set(ids.map((id) => id.toLowerCase()));
  const prefixes = new Set([...whole].map((id) => id.slice(0, 8)));
  let removed = 0;
  for (const name of names) {
    const id = fileRowId.exec(name)?.[1];
    if (!id || !(id.length === 8 ? prefixes.has(id) : whole.has(id))) continue;
    await fs.rm(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

/**
 * Without SMTP_URL (a new user's machine, tests): each e-mail becomes a standard .eml file that
 * any mail program opens, and the log says where it is.
 */
export function createFileTransport(
  dir: string,
  from: string,
  logger: Logger,
  files: Pick<FileStore, "get">,
): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    description: dir,
    async send(email) {
      const info = await composer.sendMail(await messageFields(email, from, files));
      const file = path.join(dir, emailFileName(email, new Date()));
      // Readable by the site's account only: e-mails carry private links and what visitors wrote.
      await writeWhole(file, info.message as Buffer, { replace: false, mode: 0o600 });
      logger.info(
        { file, kind: email.kind },
        `E-mail "${email.subject}" written to ${file} (SMTP_URL is unset)`,
      );
    },
    close: () => composer.close(),
  };
}

export function createMailTransport(
  settings: { SMTP_URL?: string; MAIL_FROM: string; dataDir: string },
  logger: Logger,
  files: Pick<FileStore, "get">,
): MailTransport {
  return settings.SMTP_URL
    ? createSmtpTransport(settings.SMTP_URL, settings.MAIL_FROM, files)
    : createFileTransport(mailFolder(settings.dataDir), settings.MAIL_FROM, logger, files);
}
