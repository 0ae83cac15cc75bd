import path from "node:path";
import nodemailer from "nodemailer";
import { writeWhole } from "~/platform/files/write-whole.server";
import type { Logger } from "~/platform/logging.server";
import type { MailTransport, OutboxEmail } from "./outbox.server";

/**
 * The Message-ID is derived from the outbox row, so a resend after a crash (see
 * deliverDueEmails) is recognisably the same message.
 */
function messageFields(email: OutboxEmail, from: string) {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return {
    from,
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers,
    // Read from disk at sending time; nodemailer streams them into the message.
    attachments: (email.attachments ?? []).map(({ filename, path, contentType }) => ({
      filename,
      path,
      contentType,
    })),
    messageId: `<${email.id}@${domain}>`,
    date: email.createdAt,
  };
}

/**
 * Sends over SMTP_URL (smtp:// or smtps://, credentials in the URL). The timeouts keep one
 * exchange well inside the worker's claim lease (5 minutes).
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
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
      await transporter.sendMail(messageFields(email, from));
    },
    close: () => transporter.close(),
  };
}

/** "2026-03-01T09-30-00Z-alert-created-ada@example.com-1a2b3c4d.eml": sortable and telling. */
export function emailFileName(email: Pick<OutboxEmail, "id" | "kind" | "to">, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  const safe = (part: string) => part.replace(/[^A-Za-z0-9@._+-]+/g, "_").slice(0, 80);
  return `${stamp}-${safe(email.kind)}-${safe(email.to)}-${email.id.slice(0, 8)}.eml`;
}

/**
 * Without SMTP_URL (a new user's machine, tests): each e-mail becomes a standard .eml file that
 * any mail program opens, and the log says where it is.
 */
export function createFileTransport(dir: string, from: string, logger: Logger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    description: dir,
    async send(email) {
      const info = await composer.sendMail(messageFields(email, from));
      const file = path.join(dir, emailFileName(email, new Date()));
      await writeWhole(file, info.message as Buffer, { replace: false });
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
): MailTransport {
  return settings.SMTP_URL
    ? createSmtpTransport(settings.SMTP_URL, settings.MAIL_FROM)
    : createFileTransport(path.join(settings.dataDir, "mail"), settings.MAIL_FROM, logger);
}
