import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseAccount } from "~/features/account/settings.server";
import { removeEverything, removeTiedItem } from "~/features/privacy-requests/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { accountUsers, contactMessages, outboxEmails } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { deliverDueEmails, enqueueEmail } from "~/platform/mail/outbox.server";
import { createFileTransport, mailFolder } from "~/platform/mail/transport.server";
import { removeItemWithFiles } from "~/platform/privacy/personal-data";
import { createUploadStore } from "~/platform/uploads/upload-store.server";
import { testServices } from "../support/services";
import { createTestDatabase } from "../support/test-db";

/**
 * Without SMTP_URL every e-mail the outbox delivers is also a file, DATA_DIR/mail/*.eml, which
 * must not outlive its outbox row: each deletion that takes rows out of the outbox (one item
 * deleted from its status page or the data-rights page, everything tied to an address, an
 * account) takes their files, and no other file.
 */
const ada = "Ada.Lovelace@example.com";
const bob = "bob@example.com";
let database: Database;
let dataDir: string;
let svc: ReturnType<typeof testServices>;
let deliver: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-files-"));
  const logger = createLogger("silent");
  const files = createLocalFileStore(dataDir);
  const uploads = createUploadStore({ db: database.db, files, limits: { maxFiles: 1, maxKb: 100 }, logger });
  const config = parseConfig({ PUBLIC_URL: "https://studio.example", DATA_DIR: dataDir });
  svc = testServices(database, config, { files, uploads, logger });
  // The transport the site uses without SMTP_URL, writing where it writes.
  const transport = createFileTransport(mailFolder(dataDir), "studio@example.com", logger, files);
  deliver = async () => {
    while ((await deliverDueEmails(database.db, transport, { maxAttempts: 1, batchSize: 50 })).claimed);
  };
});

afterAll(async () => {
  svc?.files.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Queues an e-mail (a row of the outbox); answers its id. */
const queue = (to: string, text: string) =>
  enqueueEmail(database.db, { kind: "note", to, subject: "A note", html: `<p>${text}</p>`, text });

/** Whether the delivered file of the e-mail `id` is in DATA_DIR/mail. */
const hasFile = (id: string) =>
  fs.readdirSync(mailFolder(dataDir)).some((name) => name.endsWith(`-${id}.eml`));

const rowExists = async (id: string) =>
  (await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id))).length > 0;

async function contactMessageOf(email: string) {
  const [row] = await database.db
    .insert(contactMessages)
    .values({
      category: "general",
      name: "Ada",
      email,
      subject: "Hello",
      message: "A message long enough.",
      language: "en",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: contactMessages.id });
  return row!.id;
}

describe("the .eml files of the default mail transport follow the outbox's deletions", () => {
  it("deleting one item takes the files of the e-mails naming it, and no other", async () => {
    const message = await contactMessageOf(ada);
    const acknowledgement = await queue(ada, `We received your message ${message}.`);
    const teamCopy = await queue("hello@studio.example", `New message ${message} from Ada.`);
    const unrelated = await queue(ada, "Welcome.");
    const bobs = await queue(bob, "Hello Bob.");
    await deliver();
    for (const id of [acknowledgement, teamCopy, unrelated, bobs]) expect(hasFile(id), id).toBe(true);

    expect(await removeTiedItem(svc, ada, "contact", message)).toEqual({ ok: true });

    for (const id of [acknowledgement, teamCopy]) {
      expect(await rowExists(id)).toBe(false);
      expect(hasFile(id), "the file of a deleted e-mail").toBe(false);
    }
    for (const id of [unrelated, bobs]) expect(hasFile(id), "the file of an e-mail kept").toBe(true);
  });

  it("deleting everything tied to an address takes the files of every e-mail to it or naming it", async () => {
    const toAda = await queue(ada.toUpperCase(), "Your alert.");
    const namingAda = await queue("hello@studio.example", `Forwarded from ${ada.toLowerCase()}.`);
    const bobs = await queue(bob, "Hello again Bob.");
    await deliver();

    await removeEverything(svc, ada);

    for (const id of [toAda, namingAda]) expect(hasFile(id), "the file of a deleted e-mail").toBe(false);
    expect(hasFile(bobs)).toBe(true);
    const left = fs.readdirSync(mailFolder(dataDir)).map((name) => name.toLowerCase());
    expect(left.filter((name) => name.includes(ada.toLowerCase()))).toEqual([]);
  });

  it("deleting an account takes the files of the e-mails to it", async () => {
    const email = "grace@example.com";
    const [user] = await database.db
      .insert(accountUsers)
      .values({
        username: "grace",
        usernameKey: "grace",
        email,
        passwordHash: "x",
        dateOfBirth: "1990-04-30",
        tosVersion: 1,
        language: "en",
      })
      .returning({ id: accountUsers.id, email: accountUsers.email });
    const verify = await queue(email, "Your code is 123456.");
    const bobs = await queue(bob, "Hello once more Bob.");
    await deliver();

    expect(await eraseAccount(svc, user!)).toBe(true);

    expect(hasFile(verify)).toBe(false);
    expect(hasFile(bobs)).toBe(true);
  });

  it("an item deleted with its upload files (applications, issue reports) takes its e-mails' files", async () => {
    const item = crypto.randomUUID();
    const naming = await queue("jobs@studio.example", `Application ${item}.`);
    await deliver();

    const gone = await removeItemWithFiles(svc, {
      id: item,
      owner: `application:${item}`,
      deleteRow: async () => true,
    });

    expect(gone).toBe(true);
    expect(hasFile(naming)).toBe(false);
  });
});
