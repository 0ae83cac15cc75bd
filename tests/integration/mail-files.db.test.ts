import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseAccount } from "~/features/account/settings.server";
import { accountUsers } from "~/features/account/tables";
import { purgeExpiredApplications, submitApplication } from "~/features/careers/application.server";
import { jobApplications } from "~/features/careers/tables";
import { sendContactMessage } from "~/features/contact/contact.server";
import { loadContent } from "~/features/content/index.server";
import { getJobOffer } from "~/features/jobs/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { removeEverything, removeTiedItem } from "~/features/privacy-requests/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { aboutAddress, deliverDueEmails, enqueueEmail, type OutboxItem } from "~/platform/mail/outbox.server";
import { createFileTransport, mailFolder } from "~/platform/mail/transport.server";
import { outboxRetentionTask } from "~/platform/mail/worker.server";
import { removeItemWithFiles } from "~/platform/privacy/personal-data";
import { pdf } from "~/platform/uploads/test-samples";
import { createUploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../server/content-kinds";
import { testServices } from "../support/services";
import { testContent } from "../support/test-content";
import { createTestDatabase } from "../support/test-db";

/**
 * Without SMTP_URL every e-mail the outbox delivers is also a file, DATA_DIR/mail/*.eml, which
 * must not outlive its outbox row: each deletion that takes rows out of the outbox (an item
 * deleted from its status page, the data-rights page or by its retention, everything tied to an
 * address, an account, the outbox's maximum age) takes their files, and no other file. A
 * delivered row keeps no text, so an item's e-mails are found by the item they are about: the
 * acknowledgement and the team's copy alike.
 */
const ada = "Ada.Lovelace@example.com";
const bob = "bob@example.com";
let database: Database;
let dataDir: string;
let svc: ReturnType<typeof testServices>;
let deliver: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-files-"));
  const logger = createLogger("silent");
  const files = createLocalFileStore(dataDir);
  const uploads = createUploadStore({ db: database.db, files, limits: { maxFiles: 1, maxKb: 5000 }, logger });
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

/** Queues an e-mail about `about` (a row of the outbox); answers its id. */
const queue = (to: string, text: string, about: OutboxItem) =>
  enqueueEmail(database.db, { kind: "note", to, subject: "A note", html: `<p>${text}</p>`, text }, about);

/** An item of no feature: what an unrelated e-mail is about. */
const elsewhere = (): OutboxItem => ({ kind: "note", id: crypto.randomUUID() });

/** Whether the delivered file of the e-mail `id` is in DATA_DIR/mail. */
const hasFile = (id: string) =>
  fs.readdirSync(mailFolder(dataDir)).some((name) => name.endsWith(`-${id}.eml`));

const rowExists = async (id: string) =>
  (await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id))).length > 0;

/** The outbox rows (ids) of these kinds, queued by a feature. */
const idsOfKinds = async (kinds: string[]) =>
  (
    await database.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(inArray(outboxEmails.kind, kinds))
  ).map((row) => row.id);

describe("the .eml files of the default mail transport follow the outbox's deletions", () => {
  it("deleting a contact message from the data-rights page takes its acknowledgement and the team's copy, files too", async () => {
    const { id } = await sendContactMessage(
      svc,
      {
        category: "general",
        name: "Ada",
        email: ada,
        subject: "Hello",
        message: "A message long enough to be sent.",
      },
      { lang: "en" },
    );
    const sent = await idsOfKinds(["contact-message", "contact-acknowledgement"]);
    const unrelated = await queue(ada, "Welcome.", elsewhere());
    const bobs = await queue(bob, "Hello Bob.", elsewhere());
    await deliver();
    expect(sent).toHaveLength(2);
    for (const email of [...sent, unrelated, bobs]) expect(hasFile(email), email).toBe(true);

    expect(await removeTiedItem(svc, ada, "contact", id)).toEqual({ ok: true });

    for (const email of sent) {
      expect(await rowExists(email)).toBe(false);
      expect(hasFile(email), "the file of a deleted e-mail").toBe(false);
    }
    for (const email of [unrelated, bobs]) expect(hasFile(email), "the file of an e-mail kept").toBe(true);
  });

  it("an application's retention takes its confirmation and recruiting's copy, files too", async () => {
    const [offer] = await database.db
      .select({ id: jobOffers.id })
      .from(jobOffers)
      .where(eq(jobOffers.slug, "quebec-senior-gameplay-programmer"));
    const job = (await getJobOffer(database.db, offer!.id, "en"))!;
    const [resume] = await svc.uploads.save([{ name: "ada-cv.pdf", bytes: pdf }]);
    const result = await submitApplication(
      svc,
      job,
      {
        name: "Ada",
        email: ada,
        phone: "+14185550134",
        resume: [resume!.id],
        coverLetter: undefined,
        consent: true,
      },
      { lang: "en" },
    );
    expect(result.status).toBe("sent");
    const sent = await idsOfKinds(["job-application-received", "job-application-recruiting"]);
    const bobs = await queue(bob, "Hello again Bob.", elsewhere());
    await deliver();
    expect(sent).toHaveLength(2);
    for (const email of sent) expect(hasFile(email), email).toBe(true);

    await database.db.update(jobApplications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await purgeExpiredApplications(svc)).toBe(1);

    for (const email of sent) {
      expect(await rowExists(email)).toBe(false);
      expect(hasFile(email), "the file of a deleted e-mail").toBe(false);
    }
    expect(hasFile(bobs)).toBe(true);
  });

  it("deleting everything tied to an address takes the files of every e-mail to it or naming it", async () => {
    const toAda = await queue(ada.toUpperCase(), "Your status links.", aboutAddress(ada));
    const bobs = await queue(bob, "Hello once more Bob.", elsewhere());
    await deliver();
    // Still pending (no file yet): found by its text.
    const namingAda = await queue(
      "hello@studio.example",
      `Forwarded from ${ada.toLowerCase()}.`,
      elsewhere(),
    );

    await removeEverything(svc, ada);

    for (const email of [toAda, namingAda]) expect(await rowExists(email)).toBe(false);
    expect(hasFile(toAda), "the file of a deleted e-mail").toBe(false);
    expect(hasFile(bobs)).toBe(true);
    const left = fs.readdirSync(mailFolder(dataDir)).map((name) => name.toLowerCase());
    expect(left.filter((name) => name.includes(ada.toLowerCase()))).toEqual([]);
  });

  it("deleting an account takes the files of the e-mails about it, to whichever address", async () => {
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
    const account = { kind: "account", id: user!.id };
    const verify = await queue(email, "Your code is 123456.", account);
    const toOldAddress = await queue("grace.old@example.com", "Your address was changed.", account);
    const bobs = await queue(bob, "Hello Bob, again.", elsewhere());
    await deliver();

    expect(await eraseAccount(svc, user!)).toBe(true);

    for (const gone of [verify, toOldAddress]) expect(hasFile(gone)).toBe(false);
    expect(hasFile(bobs)).toBe(true);
  });

  it("an item's deletion takes the delivered e-mails about its address (the links it named), not a pending one", async () => {
    const carol = "carol@example.com";
    const item = { kind: "application", id: crypto.randomUUID() };
    const received = await queue(carol, "Your application is received.", item);
    const links = await queue(carol.toUpperCase(), "Your status links.", aboutAddress(carol));
    const bobsLinks = await queue(bob, "Bob's status links.", aboutAddress(bob));
    await deliver();
    const asked = await queue(carol, "Your status links, asked again.", aboutAddress(carol));

    await removeItemWithFiles(svc, {
      kind: item.kind,
      id: item.id,
      owner: `application:${item.id}`,
      deleteRow: async () => true,
    });

    for (const gone of [received, links]) {
      expect(await rowExists(gone)).toBe(false);
      expect(hasFile(gone), "the file of a deleted e-mail").toBe(false);
    }
    // Still to go out: the only live links to what else the address has.
    expect(await rowExists(asked)).toBe(true);
    expect(hasFile(bobsLinks)).toBe(true);
  });

  it("an item deleted with its upload files (applications, issue reports) takes its e-mails' files", async () => {
    const item = crypto.randomUUID();
    const about = await queue("jobs@studio.example", "An application.", { kind: "application", id: item });
    await deliver();

    const gone = await removeItemWithFiles(svc, {
      kind: "application",
      id: item,
      owner: `application:${item}`,
      deleteRow: async () => true,
    });

    expect(gone).toBe(true);
    expect(hasFile(about)).toBe(false);
  });

  it("the outbox's maximum age takes the files of the rows it deletes", async () => {
    const old = await queue(bob, "An old note.", elsewhere());
    const recent = await queue(bob, "A recent note.", elsewhere());
    await deliver();
    await database.db
      .update(outboxEmails)
      .set({ createdAt: new Date("2020-01-01T00:00:00Z") })
      .where(eq(outboxEmails.id, old));

    await outboxRetentionTask(svc).run(new AbortController().signal);

    expect(await rowExists(old)).toBe(false);
    expect(hasFile(old)).toBe(false);
    expect(hasFile(recent)).toBe(true);
  });
});
