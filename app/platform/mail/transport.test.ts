import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import type { DueEmail } from "./outbox.server";
import {
  createFileTransport,
  createMailTransport,
  emailFileName,
  mailFolder,
  removeMailFiles,
} from "./transport.server";

const email: DueEmail = {
  id: "0b6c7f7e-8a52-4c1c-9b0e-3f5d2a7c9e11",
  kind: "alert-created",
  itemKind: "alert",
  itemId: "5f0c2b9e-1d4a-4e8b-9c3f-7a6d5e4c3b21",
  to: "ada@example.com",
  recipientHash: "0".repeat(64),
  subject: "Votre alerte d’emploi est créée",
  html: "<p>Bonjour <b>Ada</b></p>",
  text: "Bonjour Ada",
  headers: { "List-Unsubscribe": "<https://lumenforge.test/alerts/1>" },
  status: "pending",
  attempts: 1,
  nextAttemptAt: new Date(),
  lastError: null,
  attachments: [],
  createdAt: new Date("2030-01-01T12:00:00Z"),
  sentAt: null,
};

/** E-mails without attachments read nothing from the file store. */
const noFiles = { get: async () => null };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}

describe("file transport (SMTP_URL unset)", () => {
  it("writes a standard .eml file with a readable name and logs where it is", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    dirs.push(dataDir);
    const { logger, lines } = capturingLogger();
    const transport = createMailTransport(
      { MAIL_FROM: "Lumen Forge <jobs@lumenforge.test>", dataDir },
      logger,
      noFiles,
    );
    expect(transport.description).toBe(path.join(dataDir, "mail"));

    await transport.send(email);
    transport.close();

    const files = fs.readdirSync(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-alert-created-ada@example\.com-0b6c7f7e-8a52-4c1c-9b0e-3f5d2a7c9e11\.eml$/,
    );
    const file = path.join(dataDir, "mail", files[0]!);
    // Private links and what visitors wrote: readable by the site's account only.
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");

    const mail = await simpleParser(fs.readFileSync(file));
    expect(mail.subject).toBe(email.subject);
    expect(mail.from?.text).toBe('"Lumen Forge" <jobs@lumenforge.test>');
    expect(mail.to).toMatchObject({ text: "ada@example.com" });
    expect(mail.html).toContain("<b>Ada</b>");
    expect(mail.text?.trim()).toBe("Bonjour Ada");
    expect(mail.messageId).toBe(`<${email.id}@lumenforge.test>`);
    expect(mail.headers.get("list")).toMatchObject({
      unsubscribe: { url: "https://lumenforge.test/alerts/1" },
    });

    expect(lines).toContainEqual(expect.objectContaining({ file, msg: expect.stringContaining(file) }));
  });

  it("never overwrites an earlier file", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    dirs.push(dir);
    const transport = createFileTransport(dir, "no-reply@localhost", pino({ level: "silent" }), noFiles);
    await transport.send(email);
    await transport.send({ ...email, id: "1b6c7f7e-8a52-4c1c-9b0e-3f5d2a7c9e11" });
    expect(fs.readdirSync(dir)).toHaveLength(2);
  });
});

describe("attachments", () => {
  it("are read from the file store when the e-mail is sent, whichever machine stored them", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    dirs.push(dir);
    const files = createLocalFileStore(path.join(dir, "store"));
    await files.put("uploads/resume-id", new TextEncoder().encode("%PDF-1.4 the résumé"));
    const transport = createFileTransport(
      path.join(dir, "mail"),
      "no-reply@localhost",
      pino({ level: "silent" }),
      files,
    );
    await transport.send({
      ...email,
      attachments: [{ filename: "cv.pdf", file: "uploads/resume-id", contentType: "application/pdf" }],
    });
    const [written] = fs.readdirSync(path.join(dir, "mail"));
    const parsed = await simpleParser(fs.readFileSync(path.join(dir, "mail", written!)));
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ["cv.pdf", "%PDF-1.4 the résumé"],
    ]);
  });

  it("fail the sending when the file is gone, so the outbox retries rather than send without it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    dirs.push(dir);
    const transport = createFileTransport(dir, "no-reply@localhost", pino({ level: "silent" }), noFiles);
    await expect(
      transport.send({
        ...email,
        attachments: [{ filename: "cv.pdf", file: "uploads/gone", contentType: "application/pdf" }],
      }),
    ).rejects.toThrow(/no longer in the file store/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe("removeMailFiles", () => {
  it("removes the files of the rows named, older names (the id's first 8 characters) included, and nothing else", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    dirs.push(dataDir);
    const dir = mailFolder(dataDir);
    fs.mkdirSync(dir);
    const gone = "0b6c7f7e-8a52-4c1c-9b0e-3f5d2a7c9e11";
    const kept = "1b6c7f7e-8a52-4c1c-9b0e-3f5d2a7c9e11";
    const at = new Date("2030-01-01T00:00:00Z");
    const names = {
      gone: emailFileName({ ...email, id: gone }, at),
      goneOlder: "2029-01-01T00-00-00Z-alert-created-ada@example.com-0b6c7f7e.eml",
      kept: emailFileName({ ...email, id: kept }, at),
      keptOlder: "2029-01-01T00-00-00Z-alert-created-ada@example.com-1b6c7f7e.eml",
      notMail: `notes-${gone}.txt`,
    };
    for (const name of Object.values(names)) fs.writeFileSync(path.join(dir, name), "x");

    expect(await removeMailFiles({ dataDir }, [gone.toUpperCase()])).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual([names.kept, names.keptOlder, names.notMail].sort());
  });

  it("does nothing where no e-mail was ever written", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
    dirs.push(dataDir);
    expect(await removeMailFiles({ dataDir }, [email.id])).toBe(0);
    expect(fs.existsSync(mailFolder(dataDir))).toBe(false);
  });
});

describe("emailFileName", () => {
  it("keeps only safe characters", () => {
    expect(
      emailFileName({ id: email.id, kind: "a/b", to: "../../etc/passwd" }, new Date("2030-01-01T00:00:00Z")),
    ).toBe("2030-01-01T00-00-00Z-a_b-.._.._etc_passwd-0b6c7f7e-8a52-4c1c-9b0e-3f5d2a7c9e11.eml");
  });
});
