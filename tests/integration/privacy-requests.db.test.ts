import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eraseAccount } from "~/features/account/settings.server";
import { createAlert } from "~/features/alerts/alerts.server";
import { submitApplication } from "~/features/careers/application.server";
import { applicationSchema } from "~/features/careers/application-form";
import { sendContactMessage } from "~/features/contact/contact.server";
import { loadContent } from "~/features/content/index.server";
import { getJobOffer } from "~/features/jobs/index.server";
import { signupSchemaInput } from "~/features/playtesting/playtest-test-data";
import { signUpPlaytester } from "~/features/playtesting/signup.server";
import { playtestSignupSchema } from "~/features/playtesting/signup-form";
import {
  exportByPrivacyLink,
  listTiedTo,
  loadPrivacyRequestPage,
  removeByPrivacyLink,
  removeEverythingByPrivacyLink,
  replayErasures,
  sendPrivacyLink,
} from "~/features/privacy-requests/index.server";
import { issueSchema } from "~/features/support-report/issue-form";
import { submitIssueReport } from "~/features/support-report/issue-report.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { createLocalFileStore, type FileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { deliverDueEmails, type MailTransport, recipientHash } from "~/platform/mail/outbox.server";
import { erasureHash } from "~/platform/privacy/erasure-journal.server";
import { pdf } from "~/platform/uploads/test-samples";
import { createUploadStore, type UploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../server/content-kinds";
import { findTraces } from "../support/deletion-oracle";
import { type S3StandIn, s3StoreFor, startS3StandIn } from "../support/s3-stand-in";
import { testServices } from "../support/services";
import * as schema from "../support/tables";
import { testContent } from "../support/test-content";
import { createTestDatabase } from "../support/test-db";

/**
 * Data rights (docs/requirements.md#data-rights): one person with one of each kind of
 * submission and an account asks for their data by e-mail, downloads it and deletes everything.
 * The link proves the mailbox only: the page names the account and sends them to sign in, and
 * neither the download nor the deletion touches it or what is its own. Once the account is
 * deleted on its own page too, nothing of them is left in any table of the schema nor in the
 * file store (the local folder, and the S3-compatible store of FILE_STORE_URL, here its local
 * stand-in), and another person's data is untouched. An address with nothing tied to it gets no
 * e-mail.
 */

const address = "Zephyrine.Quill@example.com";
const name = "Zéphyrine Quillfeather";
const other = "someone.else@example.com";

let database: Database;
let store: UploadStore;
let dir: string;
let svc: ReturnType<typeof testServices>;
let logged: Array<Record<string, unknown>> = [];
let standIn: S3StandIn | undefined;
/** The upload ids whose bytes the store holds, as its own medium shows them. */
let heldUploads: () => string[];

async function setUp(kind: "local" | "s3") {
  logged = [];
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "privacy-uploads-"));
  const logger = createLogger("silent");
  // The deletion log lines, to check they carry no address.
  const info = logger.info.bind(logger);
  logger.info = ((fields: unknown, ...rest: unknown[]) => {
    if (fields && typeof fields === "object") logged.push({ ...(fields as object), message: rest[0] });
    return (info as (...args: unknown[]) => void)(fields, ...rest);
  }) as typeof logger.info;
  let files: FileStore;
  if (kind === "local") {
    files = createLocalFileStore(dir);
    const folder = path.join(dir, "uploads");
    heldUploads = () => (fs.existsSync(folder) ? fs.readdirSync(folder) : []);
  } else {
    standIn = await startS3StandIn();
    files = s3StoreFor(standIn.url);
    heldUploads = () =>
      standIn!
        .keys()
        .filter((key) => key.startsWith("uploads/"))
        .map((key) => key.slice("uploads/".length));
  }
  store = createUploadStore({ db: database.db, files, limits: { maxFiles: 3, maxKb: 5000 }, logger });
  const config = parseConfig({ PUBLIC_URL: "https://studio.example", RATE_LIMIT_FORM_POINTS: "1000" });
  svc = testServices(database, config, { files, uploads: store, logger });
}

async function tearDown() {
  svc?.files.close();
  await database?.close();
  await standIn?.close();
  standIn = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The tables where any of `needles` is still found (case ignored): the deletion oracle's. */
async function mentions(needles: string[]) {
  const found = await findTraces({ db: database.db, dataDir: dir }, { phrases: needles });
  return [
    ...new Set(found.filter((line) => line.startsWith("table ")).map((line) => line.split(":")[0]!.slice(6))),
  ].sort();
}

/** Everything one person can send, each through its feature's own use case. */
async function sendOneOfEach(email: string, name: string) {
  const [offer] = await database.db.select({ id: schema.jobOffers.id }).from(schema.jobOffers).limit(1);
  const job = (await getJobOffer(database.db, offer!.id, "en"))!;
  const application = await submitApplication(
    svc,
    { ...job, isOpen: true, applyUrl: null },
    applicationSchema.parse({
      name,
      email,
      phone: { country: "CA", number: "418 555 0199" },
      resume: [new File([pdf], "quill-cv.pdf")],
      consent: true,
    }),
    { lang: "en" },
  );
  const signup = await signUpPlaytester(
    svc,
    playtestSignupSchema.parse({ ...signupSchemaInput, name, email }),
    { lang: "en" },
  );
  const signupId = (signup as { id: string }).id;
  await database.db
    .insert(schema.surveyResponses)
    .values({ signupId, survey: "playtester", answers: { favouriteGame: "Quillfeather Quest" } });
  const alert = await createAlert(svc, {
    name: "Quill's alert",
    email: email.toLowerCase(),
    location: null,
    team: null,
    level: null,
    commitment: null,
    language: "en",
    newsletter: true,
  });
  const contact = await sendContactMessage(
    svc,
    {
      category: "press",
      name,
      email,
      subject: "A question from Quill",
      message: "Hello, this is a long enough message.",
    },
    { lang: "en" },
  );
  const report = await submitIssueReport(
    svc,
    issueSchema.parse({
      category: "save",
      game: "tidebound",
      platform: "windows",
      email,
      summary: "Quill's save is lost",
      description: "After the storm in chapter 4 my save shows as empty. I attach a log.",
      consent: true,
      attachments: [new File(["quill log line\n"], "quill.log")],
    }),
    { lang: "en" },
  );
  const [account] = await database.db
    .insert(schema.accountUsers)
    .values({
      username: "quill",
      usernameKey: `quill-${email.length}`,
      email: email.toLowerCase(),
      passwordHash: "x",
      dateOfBirth: "1990-04-30",
      tosVersion: 1,
      language: "en",
      // What the link must neither export nor delete: a second factor and its number.
      totpSecret: "JBSWY3DPEHPK3PXP",
      totpEnabledAt: new Date(),
      phone: `+1514555${String(email.length).padStart(4, "0")}`,
    })
    .returning({ id: schema.accountUsers.id });
  await database.db.insert(schema.accountPlatformLinks).values({
    accountId: account!.id,
    platform: "steam",
    externalId: `7656119800${email.length}`,
    displayName: name,
  });
  await database.db.insert(schema.accountSessions).values({
    idHash: `session-of-${account!.id}`,
    userId: account!.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return {
    application: (application as { id: string }).id,
    signup: signupId,
    alert: alert!.id,
    contact: contact.id,
    report: (report as { id: string }).id,
    account: account!.id,
  };
}

async function linkTokenFor(email: string) {
  const [mail] = await database.db
    .select()
    .from(schema.outboxEmails)
    .where(
      sql`lower(${schema.outboxEmails.to}) = lower(${email}) and ${schema.outboxEmails.kind} = 'privacy-link'`,
    );
  return /\/privacy\/requests\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1] ?? null;
}

describe.each([
  ["local disk", "local"],
  ["S3-compatible store", "s3"],
] as const)("data rights by e-mailed link, files on the %s", { timeout: 60_000 }, (_name, kind) => {
  beforeAll(() => setUp(kind));
  afterAll(tearDown);

  it("sends nothing for an address with nothing tied to it", async () => {
    await sendPrivacyLink(svc, "nobody@example.com", "en");
    expect(await linkTokenFor("nobody@example.com")).toBeNull();
  });

  it("downloads and deletes everything but the account, which only a sign-in reaches; nothing left once it is deleted", async () => {
    const theirs = await sendOneOfEach(address, name);
    const others = await sendOneOfEach(other, "Bartholomew Otherling");
    const filesBefore = heldUploads();
    const theirFiles = (
      await database.db
        .select({ id: schema.uploads.id, owner: schema.uploads.attachedTo })
        .from(schema.uploads)
    ).filter((f) => [theirs.application, theirs.report].some((id) => f.owner?.endsWith(id)));
    expect(theirFiles).toHaveLength(2);
    for (const file of theirFiles) expect(filesBefore).toContain(file.id);
    const [account] = await database.db
      .select()
      .from(schema.accountUsers)
      .where(eq(schema.accountUsers.id, theirs.account));
    /** The account and what is its own, as they are before any request. */
    const accountState = async () => ({
      account: await database.db
        .select()
        .from(schema.accountUsers)
        .where(eq(schema.accountUsers.id, theirs.account)),
      platforms: await database.db
        .select()
        .from(schema.accountPlatformLinks)
        .where(eq(schema.accountPlatformLinks.accountId, theirs.account)),
      sessions: await database.db
        .select()
        .from(schema.accountSessions)
        .where(eq(schema.accountSessions.userId, theirs.account)),
    });
    const accountBefore = await accountState();
    expect(accountBefore.platforms).toHaveLength(1);
    expect(accountBefore.sessions).toHaveLength(1);

    await sendPrivacyLink(svc, address, "en");
    const token = await linkTokenFor(address);
    expect(token).not.toBeNull();
    expect(
      (
        await database.db
          .select()
          .from(schema.outboxEmails)
          .where(eq(schema.outboxEmails.kind, "privacy-link"))
      ).length,
    ).toBe(1);

    // Each item named in the reader's language where the name is the site's (a playtest location).
    const listed = await listTiedTo(svc, address, "fr");
    expect(listed.find((group) => group.kind === "playtest")?.items.map((item) => item.label)).toEqual([
      "Québec (Canada)",
    ]);

    // The page: the submissions with their actions; the account named, with where to sign in.
    const page = (await loadPrivacyRequestPage(svc, token!, "fr"))!;
    expect(page.groups.map((group) => group.kind)).toEqual([
      "application",
      "playtest",
      "alert",
      "issueReport",
      "contact",
    ]);
    expect(page.signIn).toEqual([
      {
        kind: "account",
        label: "quill",
        createdOn: expect.stringMatching(/\d{4}/),
        pages: { data: "/account/data", delete: "/account/delete" },
      },
    ]);
    expect(JSON.stringify(page)).not.toContain(theirs.account);

    const zip = unzipSync((await exportByPrivacyLink(svc, token!, "all"))!);
    const data = JSON.parse(strFromU8(zip["data.json"]!));
    expect(Object.keys(data.items).sort()).toEqual([
      "alert",
      "application",
      "contact",
      "issueReport",
      "playtest",
    ]);
    for (const kind of Object.keys(data.items)) expect(data.items[kind], kind).toHaveLength(1);
    expect(data.items.application[0].stageHistory[0].stage).toBe("apply");
    expect(data.items.playtest[0].surveyAnswers[0].answers.favouriteGame).toBe("Quillfeather Quest");
    expect(data.items.alert[0].newsletterConsent).toBe(true);
    // Nothing of the account: not its id, its number, its linked platform nor its username.
    const exported = JSON.stringify(data);
    for (const value of [theirs.account, account!.phone!, `7656119800${address.length}`, '"quill"']) {
      expect(exported).not.toContain(value);
    }
    expect(exported).not.toContain(other);
    const packed = Object.keys(zip).filter((file) => file.startsWith("files/"));
    expect(packed.some((file) => file.endsWith("quill-cv.pdf"))).toBe(true);
    expect(packed.some((file) => file.endsWith("quill.log"))).toBe(true);
    // Someone else's item is not theirs to download; the account is not the link's to download
    // or delete.
    expect(
      await exportByPrivacyLink(svc, token!, { kind: "application", id: others.application }),
    ).toBeNull();
    expect(await exportByPrivacyLink(svc, token!, { kind: "account", id: theirs.account })).toBeNull();
    expect(await removeByPrivacyLink(svc, token!, "account", theirs.account)).toEqual({
      ok: false,
      code: "notTheirs",
    });

    // Every e-mail delivered first: what the outbox keeps of them then (their items' ids, the
    // address's hash) goes with everything else.
    const nowhere: MailTransport = { description: "nowhere", send: async () => {}, close: () => {} };
    while ((await deliverDueEmails(database.db, nowhere, { maxAttempts: 1, batchSize: 100 })).claimed);

    expect(await removeEverythingByPrivacyLink(svc, token!)).toEqual({ ok: true, deleted: 5 });

    // Left: the account and what is its own, untouched, and nothing else of the person.
    expect(await accountState()).toEqual(accountBefore);
    const needles = [address, name, recipientHash(address), ...Object.values(theirs)];
    expect(await mentions(needles)).toEqual(["account_platform_links", "account_sessions", "account_users"]);
    const filesAfter = heldUploads();
    for (const file of theirFiles) expect(filesAfter).not.toContain(file.id);
    expect(filesAfter.length).toBe(filesBefore.length - 2);
    // The other person's data is all there.
    expect(await mentions([other])).toEqual(
      expect.arrayContaining([
        "job_applications",
        "playtest_signups",
        "job_alerts",
        "contact_messages",
        "issue_reports",
        "account_users",
      ]),
    );
    // The link went with everything else; the log names kinds and counts, never the address.
    expect(await exportByPrivacyLink(svc, token!, "all")).toBeNull();
    const deletion = logged.find(
      (line) => line.message === "all personal data of an address deleted on request",
    );
    expect(deletion).toMatchObject({ items: 5, application: 1 });
    expect(deletion).not.toHaveProperty("account");
    expect(JSON.stringify(logged).toLowerCase()).not.toContain(address.toLowerCase());

    // The account's own deletion (its page's use case, once the password is checked) takes the rest.
    expect(await eraseAccount(svc, account!)).toBe(true);
    expect(await mentions(needles)).toEqual([]);
  });
});

describe("a restore's replay of the erasure journal", { timeout: 60_000 }, () => {
  beforeAll(() => setUp("local"));
  afterAll(tearDown);

  it("erases again each kind journalled of one person, through its own deletion, and nothing of another's", async () => {
    const theirs = await sendOneOfEach(address, name);
    await sendOneOfEach(other, "Bartholomew Otherling");
    const filesBefore = heldUploads();
    const key = "the-journal-key-of-this-test-0123456789";
    const at = new Date().toISOString();
    const journalled = {
      application: theirs.application,
      playtest: theirs.signup,
      alert: theirs.alert,
      contact: theirs.contact,
      issueReport: theirs.report,
      account: theirs.account,
    };
    const entries = [
      ...Object.entries(journalled).map(([kind, id]) => ({ at, kind, hmac: erasureHash(key, id) })),
      { at, kind: "retiredKind", hmac: erasureHash(key, "an id of a kind the site no longer has") },
    ];

    expect(await replayErasures(svc, entries, key)).toEqual({
      erased: { application: 1, playtest: 1, alert: 1, contact: 1, issueReport: 1, account: 1 },
      unknownKinds: ["retiredKind"],
    });
    expect(await listTiedTo(svc, address, "en")).toEqual([]);
    expect((await listTiedTo(svc, other, "en")).map((group) => group.kind).sort()).toEqual(
      Object.keys(journalled).sort(),
    );
    // The résumé and the report's attachment went with their items; the other's stay.
    expect(heldUploads()).toHaveLength(filesBefore.length - 2);
    expect(await mentions([address, name])).toEqual([]);
    expect(await mentions([other])).not.toEqual([]);
  });
});
