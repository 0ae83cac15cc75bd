import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountApi } from "~/features/account/account-api.server";
import { createAlert } from "~/features/alerts/alerts.server";
import { purgeExpiredApplications, submitApplication } from "~/features/careers/application.server";
import { applicationSchema } from "~/features/careers/application-form";
import { moveApplication } from "~/features/careers/application-status.server";
import { sendContactMessage } from "~/features/contact/contact.server";
import { markAnswered } from "~/features/contact/contact-status.server";
import { contactRetentionTask } from "~/features/contact/retention.server";
import { loadContent } from "~/features/content/index.server";
import { getJobOffer } from "~/features/jobs/index.server";
import { inviteToCall } from "~/features/playtesting/playtest-status.server";
import { signupSchemaInput } from "~/features/playtesting/playtest-test-data";
import { playtestRetentionTask } from "~/features/playtesting/retention.server";
import { removeSignup, signUpPlaytester } from "~/features/playtesting/signup.server";
import { playtestSignupSchema } from "~/features/playtesting/signup-form";
import {
  removeByPrivacyLink,
  removeEverythingByPrivacyLink,
  sendPrivacyLink,
} from "~/features/privacy-requests/index.server";
import { deleteByStatusLink, sendStatusLinks } from "~/features/status/index.server";
import { issueSchema } from "~/features/support-report/issue-form";
import { submitIssueReport } from "~/features/support-report/issue-report.server";
import { moveIssue } from "~/features/support-report/issue-status.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { deliverDueEmails } from "~/platform/mail/outbox.server";
import { createFileTransport, mailFolder } from "~/platform/mail/transport.server";
import {
  erasureHash,
  keepErasureJournal,
  readErasureJournal,
} from "~/platform/privacy/erasure-journal.server";
import { pdf } from "~/platform/uploads/test-samples";
import { createUploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../server/content-kinds";
import { findTraces, mailedLink, type Traces, tokensMailedAbout } from "../support/deletion-oracle";
import { expectEach } from "../support/expect-each";
import { serveApi, testServices } from "../support/services";
import * as schema from "../support/tables";
import { testContent } from "../support/test-content";
import { createTestDatabase } from "../support/test-db";

/**
 * Personal data has an end (docs/requirements.md#data-rights): after each path that deletes a
 * person's data (Delete now on a status page, the data-rights page, the playtest removal link,
 * the account's own deletion, each kind's retention), the deletion oracle (support/
 * deletion-oracle.ts) finds nothing of it in any table, file (the erasure journal included) or
 * delivered e-mail: not the address, the name, the phone number, the items' ids, their own
 * words, nor any token the person was e-mailed or its hash; and the erasure journal holds each
 * erased item's keyed hash, so that a restore of an older backup erases it again. Every e-mail is delivered first, so its .eml file exists and its
 * outbox row is stripped: the copies the person never sees (the acknowledgement, the stage
 * e-mails, the studio's copy of a message or an application). The same file runs on PGlite and,
 * with DATABASE_URL, on PostgreSQL.
 */

let database: Database;
/** The journal lives in DATA_DIR here, so the oracle reads it too: it must name nobody. */
const journalKey = "deletion-oracle-journal-key-of-at-least-32-characters";
let journalDir: string;
let stopJournal: (() => void) | undefined;
let dataDir: string;
let svc: ReturnType<typeof testServices>;
let deliver: () => Promise<void>;
let jobId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "deletion-oracle-"));
  const logger = createLogger("silent");
  const files = createLocalFileStore(dataDir);
  const uploads = createUploadStore({ db: database.db, files, limits: { maxFiles: 3, maxKb: 5000 }, logger });
  const config = parseConfig({
    PUBLIC_URL: "https://studio.example",
    DATA_DIR: dataDir,
    RATE_LIMIT_FORM_POINTS: "1000",
    ERASURE_JOURNAL_KEY: journalKey,
  });
  journalDir = config.erasureJournalDir;
  stopJournal = keepErasureJournal({ dir: journalDir, key: journalKey });
  svc = testServices(database, config, { files, uploads, logger });
  // The transport the site uses without SMTP_URL: each delivered e-mail is a file in DATA_DIR/mail.
  const transport = createFileTransport(mailFolder(dataDir), "studio@example.com", logger, files);
  deliver = async () => {
    while ((await deliverDueEmails(database.db, transport, { maxAttempts: 1, batchSize: 50 })).claimed);
  };
  const [offer] = await database.db.select({ id: schema.jobOffers.id }).from(schema.jobOffers).limit(1);
  jobId = offer!.id;
});

afterAll(async () => {
  stopJournal?.();
  svc?.files.close();
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Person = { email: string; name: string; first: string; phone: string };

/** Someone whose name, address and number appear nowhere else in the database. */
function person(first: string, number: string): Person {
  return {
    first,
    name: `${first} Marchbanks`,
    email: `${first}.Marchbanks@Example.com`,
    phone: `+1418555${number}`,
  };
}

type Sent = { kind: "application" | "contact" | "issue" | "playtest" | "alert"; id: string; phrase: string };

/** Each kind of submission, through its feature's use case, with words only it contains. */
const submit = {
  async application(who: Person): Promise<Sent> {
    const phrase = `${who.first} wrote a cover letter`;
    const job = (await getJobOffer(database.db, jobId, "en"))!;
    const result = await submitApplication(
      svc,
      { ...job, isOpen: true, applyUrl: null },
      applicationSchema.parse({
        name: who.name,
        email: who.email,
        phone: { country: "CA", number: who.phone.slice(2) },
        resume: [new File([pdf], `${who.first}-cv.pdf`)],
        coverLetter: phrase,
        consent: true,
      }),
      { lang: "en" },
    );
    return { kind: "application", id: (result as { id: string }).id, phrase };
  },
  async contact(who: Person): Promise<Sent> {
    const phrase = `${who.first} sent a message`;
    const { id } = await sendContactMessage(
      svc,
      {
        category: "general",
        name: who.name,
        email: who.email,
        subject: "Hello",
        message: `${phrase}, long enough.`,
      },
      { lang: "fr" },
    );
    return { kind: "contact", id, phrase };
  },
  async issue(who: Person): Promise<Sent> {
    const phrase = `${who.first} lost a save`;
    const result = await submitIssueReport(
      svc,
      issueSchema.parse({
        category: "save",
        game: "tidebound",
        platform: "windows",
        email: who.email,
        summary: "A lost save",
        description: `${phrase} after the storm in chapter 4.`,
        consent: true,
        attachments: [new File([`${phrase} in this log\n`], `${who.first}.log`)],
      }),
      { lang: "es" },
    );
    return { kind: "issue", id: (result as { id: string }).id, phrase };
  },
  async playtest(who: Person): Promise<Sent> {
    const phrase = `${who.first} answered the survey`;
    const { id } = await signUpPlaytester(
      svc,
      playtestSignupSchema.parse({
        ...signupSchemaInput,
        name: who.name,
        email: who.email,
        phone: { country: "CA", number: who.phone.slice(2) },
      }),
      { lang: "en" },
    );
    await database.db
      .insert(schema.surveyResponses)
      .values({ signupId: id, survey: "playtester", answers: { favouriteGame: phrase } });
    return { kind: "playtest", id, phrase };
  },
  async alert(who: Person): Promise<Sent> {
    const phrase = `${who.first}'s alert`;
    const alert = await createAlert(svc, {
      name: phrase,
      email: who.email,
      location: null,
      team: null,
      level: null,
      commitment: null,
      language: "en",
      newsletter: true,
    });
    return { kind: "alert", id: alert!.id, phrase };
  },
};

/** One submission of each of `kinds`, in turn. */
async function submitEach(who: Person, kinds: ReadonlyArray<Sent["kind"]>): Promise<Sent[]> {
  const items: Sent[] = [];
  for (const kind of kinds) items.push(await submit[kind](who));
  return items;
}

/** The studio moves each item a step, so a stage e-mail goes out too (alerts have none). */
async function moveOn(items: readonly Sent[]) {
  for (const item of items) {
    if (item.kind === "application") expect((await moveApplication(svc, { id: item.id })).ok).toBe(true);
    if (item.kind === "contact") expect((await markAnswered(database.db, item.id)).ok).toBe(true);
    if (item.kind === "issue") expect((await moveIssue(svc, { id: item.id, to: "confirmed" })).ok).toBe(true);
    if (item.kind === "playtest") expect((await inviteToCall(svc, item.id)).ok).toBe(true);
  }
}

/** The upload ids (file names in the store) of the items' files. */
async function uploadIdsOf(items: readonly Sent[]) {
  const ids: string[] = [];
  for (const item of items) {
    const rows = await database.db
      .select({ id: schema.uploads.id })
      .from(schema.uploads)
      .where(like(schema.uploads.attachedTo, `%${item.id}`));
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Each erased item is in the erasure journal by its keyed hash: a restore erases it again. */
function expectJournalled(ids: readonly string[]) {
  const journalled = new Set(readErasureJournal(journalDir).map((entry) => entry.hmac));
  expectEach(ids, (id) => journalled.has(erasureHash(journalKey, id)), "the erased items, in the journal");
}

/** What the oracle looks for once `items` of `who` are gone: all of it, delivered e-mails read. */
async function tracesOf(
  who: Person,
  items: readonly Sent[],
  extraTokens: readonly string[] = [],
): Promise<Traces> {
  await deliver();
  return {
    email: who.email,
    name: who.name,
    phrases: [who.first, who.phone, ...items.map((item) => item.phrase)],
    ids: [...items.map((item) => item.id), ...(await uploadIdsOf(items))],
    tokens: [...(await tokensMailedAbout(dataDir, who.email)), ...extraTokens],
  };
}

/**
 * The oracle can fail: before the deletion it finds the person in the tables, the delivered
 * e-mails (theirs and the studio's copies) and, where an item has files, the file store.
 */
async function expectFoundBefore(traces: Traces, { files }: { files: boolean }) {
  const found = await findTraces({ db: database.db, dataDir }, traces);
  expect(found.filter((line) => line.startsWith("table ")).length).toBeGreaterThan(0);
  expect(found.filter((line) => line.startsWith("e-mail ")).length).toBeGreaterThan(0);
  expect(found.some((line) => line.includes("token"))).toBe(true);
  if (files) expect(found.filter((line) => line.startsWith("file uploads")).length).toBeGreaterThan(0);
}

describe("the deletion oracle finds nothing of a person after each way their data is deleted", {
  timeout: 60_000,
}, () => {
  it("Delete now on each submission's status page, links asked for again in between", async () => {
    const who = person("Ottiline", "0101");
    const items = await submitEach(who, ["application", "contact", "issue", "playtest"]);
    await moveOn(items);
    // Fresh links by e-mail: the earlier ones are revoked, and must go too.
    await sendStatusLinks(svc, who.email, "en");
    const traces = await tracesOf(who, items);
    await expectFoundBefore(traces, { files: true });

    const deleted: string[] = [];
    for (const token of traces.tokens!) {
      const outcome = await deleteByStatusLink(svc, token);
      if (outcome.ok) deleted.push(outcome.kind);
    }
    expect(deleted.sort()).toEqual(["application", "contact", "issueReport", "playtest"]);

    expect(await findTraces({ db: database.db, dataDir }, traces)).toEqual([]);
    expectJournalled(items.map((item) => item.id));
  });

  it("the data-rights page: one item, then everything, the page's own link included", async () => {
    const who = person("Perpetua", "0202");
    const items = await submitEach(who, ["application", "contact", "issue", "playtest", "alert"]);
    await moveOn(items);
    await sendPrivacyLink(svc, who.email, "es");
    const traces = await tracesOf(who, items);
    await expectFoundBefore(traces, { files: true });
    const [, contact] = items;
    const privacyToken = await mailedLink(dataDir, who.email, /\/privacy\/requests\/([\w-]{43})/);
    expect(privacyToken).toBeDefined();

    // One item: nothing of it is left, not its words nor its id, while the rest stays.
    expect(await removeByPrivacyLink(svc, privacyToken!, "contact", contact!.id)).toEqual({ ok: true });
    expect(
      await findTraces({ db: database.db, dataDir }, { ids: [contact!.id], phrases: [contact!.phrase] }),
    ).toEqual([]);
    expect(await findTraces({ db: database.db, dataDir }, { phrases: [items[0]!.phrase] })).not.toEqual([]);

    expect(await removeEverythingByPrivacyLink(svc, privacyToken!)).toEqual({ ok: true, deleted: 4 });
    expect(await findTraces({ db: database.db, dataDir }, traces)).toEqual([]);
    expectJournalled(items.map((item) => item.id));
  });

  it("the playtest removal link from the confirmation e-mail", async () => {
    const who = person("Quenby", "0303");
    const items = [await submit.playtest(who)];
    await moveOn(items);
    const traces = await tracesOf(who, items);
    await expectFoundBefore(traces, { files: false });
    const removal = await mailedLink(dataDir, who.email, /\/playtesting\/remove\?token=([\w-]{43})/);
    expect(removal).toBeDefined();

    expect(await removeSignup(svc, removal!)).toBe(true);

    expect(await findTraces({ db: database.db, dataDir }, traces)).toEqual([]);
    expectJournalled(items.map((item) => item.id));
  });

  it("the account's own deletion, password asked, with its sessions and e-mails", async () => {
    const who = person("Rosamund", "0404");
    const api = await serveApi(createAccountApi(svc));
    try {
      const jar = new Map<string, string>();
      const post = async (route: string, body: unknown) => {
        const res = await fetch(`${api.url}/account/${route}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: "https://studio.example",
            cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
          },
          body: JSON.stringify(body),
        });
        for (const line of res.headers.getSetCookie()) {
          const [name, value] = line.split(";")[0]!.split("=");
          if (!/Max-Age=0/.test(line)) jar.set(name!, value!);
        }
        return res.status;
      };
      const password = "Kettle-Storm-42";
      const username = `${who.first.toLowerCase()}_m`;
      expect(
        await post("create", {
          username,
          email: who.email,
          password,
          confirmPassword: password,
          dateOfBirth: "1990-04-12",
          tos: true,
        }),
      ).toBe(201);
      await deliver();
      const verify = await mailedLink(dataDir, who.email, /token=([\w-]+)/);
      expect(await post("validate", { token: verify })).toBe(200);
      expect(await post("login", { identifier: username, password })).toBe(200);
      const [account] = await database.db
        .select({ id: schema.accountUsers.id })
        .from(schema.accountUsers)
        .where(eq(schema.accountUsers.username, username));
      // The session cookie is a token too: its hash is what the sessions table keeps.
      const traces = await tracesOf(who, [], [...jar.values()]);
      traces.ids = [account!.id];
      traces.phrases = [username];
      await expectFoundBefore(traces, { files: false });

      expect(await post("delete", { password })).toBe(200);

      expect(await findTraces({ db: database.db, dataDir }, traces)).toEqual([]);
      expectJournalled(traces.ids!);
    } finally {
      await api.close();
    }
  });

  it("each kind's retention, once its deletion date has passed", async () => {
    const who = person("Sidonie", "0505");
    const items = await submitEach(who, ["application", "contact", "issue", "playtest"]);
    await moveOn(items);
    await sendStatusLinks(svc, who.email, "fr");
    const traces = await tracesOf(who, items);
    await expectFoundBefore(traces, { files: true });
    const past = new Date(Date.now() - 1000);
    const [application, contact, issue, playtest] = items.map((item) => item.id);
    const { jobApplications, contactMessages, issueReports, playtestSignups } = schema;
    const expire = { expiresAt: past };
    await database.db.update(jobApplications).set(expire).where(eq(jobApplications.id, application!));
    await database.db.update(contactMessages).set(expire).where(eq(contactMessages.id, contact!));
    await database.db.update(issueReports).set(expire).where(eq(issueReports.id, issue!));
    await database.db.update(playtestSignups).set(expire).where(eq(playtestSignups.id, playtest!));

    expect(await purgeExpiredApplications(svc)).toBe(1);
    const signal = new AbortController().signal;
    await contactRetentionTask(svc).run(signal);
    await playtestRetentionTask(svc).run(signal);

    expect(await findTraces({ db: database.db, dataDir }, traces)).toEqual([]);
    expectJournalled(items.map((item) => item.id));
  });
});
