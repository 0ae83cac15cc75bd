import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deleteHeldItem,
  exportHeldData,
  loadAccountData,
  openHeldStatusPage,
} from "~/features/account-data/index.server";
import { submitApplication } from "~/features/careers/application.server";
import { applicationSchema } from "~/features/careers/application-form";
import { sendContactMessage } from "~/features/contact/contact.server";
import { loadContent } from "~/features/content/index.server";
import { getJobOffer } from "~/features/jobs/index.server";
import { loadPrivacyRequestPage } from "~/features/privacy-requests/index.server";
import { loadStatusPage } from "~/features/status/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { createPrivacyLink } from "~/platform/privacy/links.server";
import { findStatusLink } from "~/platform/status/links.server";
import { pdf } from "~/platform/uploads/test-samples";
import { createUploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../server/content-kinds";
import { testServices } from "../support/services";
import * as schema from "../support/tables";
import { testContent } from "../support/test-content";
import { createTestDatabase } from "../support/test-db";

/**
 * The account area's "My submissions and data" (docs/requirements.md#account-data, #data-rights):
 * a holder sees what /privacy/requests lists for the account's verified address (which only
 * names the account, and leaves it to this area), with where each submission stands; opens, downloads and deletes only those; and an id of someone
 * else's item is refused whatever is asked of it.
 */

let database: Database;
let dir: string;
let svc: ReturnType<typeof testServices>;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "account-data-uploads-"));
  const logger = createLogger("silent");
  const files = createLocalFileStore(dir);
  const uploads = createUploadStore({ db: database.db, files, limits: { maxFiles: 3, maxKb: 5000 }, logger });
  svc = testServices(database, parseConfig({ PUBLIC_URL: "https://studio.example" }), {
    files,
    uploads,
    logger,
  });
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An application and a contact message sent from `email`, and an account of that address. */
async function person(email: string, username: string, verified = true) {
  const [offer] = await database.db.select({ id: schema.jobOffers.id }).from(schema.jobOffers).limit(1);
  const job = (await getJobOffer(database.db, offer!.id, "en"))!;
  const application = await submitApplication(
    svc,
    { ...job, isOpen: true, applyUrl: null },
    applicationSchema.parse({
      name: "Léa Tremblay",
      email,
      phone: { country: "CA", number: "418 555 0199" },
      resume: [new File([pdf], "cv.pdf")],
      consent: true,
    }),
    { lang: "en" },
  );
  const contact = await sendContactMessage(
    svc,
    {
      category: "press",
      name: "Léa Tremblay",
      email,
      subject: `A question from ${username}`,
      message: "Hello, this is a long enough message.",
    },
    { lang: "en" },
  );
  const [account] = await database.db
    .insert(schema.accountUsers)
    .values({
      username,
      usernameKey: username,
      email: email.toLowerCase(),
      emailVerifiedAt: verified ? new Date() : null,
      passwordHash: "x",
      dateOfBirth: "1990-04-30",
      tosVersion: 1,
      language: "en",
    })
    .returning();
  return {
    holder: account!,
    application: (application as { id: string }).id,
    contact: contact.id,
  };
}

/** The listing without what the account page adds to each item (status, status page). */
const listed = (groups: Array<{ kind: string; items: Array<Record<string, unknown>> }>) =>
  groups.map((group) => ({
    kind: group.kind,
    items: group.items.map(({ status: _status, statusPage: _statusPage, ...item }) => item),
  }));

describe("an account's submissions and data", { timeout: 60_000 }, () => {
  it("lists what the data-rights page lists for the verified address, the account too, with where each stands", async () => {
    const lea = await person("Lea.Holder@example.com", "lea_holder");
    await person("someone.else@example.com", "someone_else");
    const page = await loadAccountData(svc, lea.holder, "en");
    if (!page.verified) throw new Error("the holder's address is verified");
    const privacy = await loadPrivacyRequestPage(
      svc,
      await createPrivacyLink(svc.db, "lea.holder@example.com"),
      "en",
    );
    expect(page.groups.map((group) => group.kind)).toEqual(["account", "application", "contact"]);
    const item = (kind: string) => page.groups.find((group) => group.kind === kind)!.items;
    // The data-rights page lists the submissions, and only names the account, which it leaves
    // to this signed-in area.
    expect(listed(page.groups.filter((group) => group.kind !== "account"))).toEqual(privacy!.groups);
    expect(privacy!.signIn).toEqual([
      {
        kind: "account",
        label: "lea_holder",
        createdOn: item("account")[0]!.createdOn,
        pages: { data: "/account/data", delete: "/account/delete" },
      },
    ]);
    expect(item("application")).toEqual([
      expect.objectContaining({ id: lea.application, statusPage: true, status: "Application received" }),
    ]);
    expect(item("application")[0]!.deleteOn).toMatch(/\d{4}/);
    expect(item("contact")).toEqual([
      expect.objectContaining({
        id: lea.contact,
        label: "A question from lea_holder",
        statusPage: true,
        status: "Received",
      }),
    ]);
    expect(item("account")).toEqual([
      expect.objectContaining({ id: lea.holder.id, statusPage: false, status: null, deleteOn: null }),
    ]);
  });

  it("shows nothing, and does nothing, while the account's address is not verified", async () => {
    const unverified = await person("not.yet@example.com", "not_yet", false);
    expect(await loadAccountData(svc, unverified.holder, "en")).toEqual({ verified: false });
    expect(
      await openHeldStatusPage(svc, unverified.holder, "application", unverified.application),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await deleteHeldItem(svc, unverified.holder, "contact", unverified.contact)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await exportHeldData(svc, unverified.holder, "all")).toBeNull();
    const [still] = await svc.db
      .select()
      .from(schema.contactMessages)
      .where(eq(schema.contactMessages.id, unverified.contact));
    expect(still).toBeDefined();
  });

  it("refuses every action on the id of someone else's item, which stays", async () => {
    const mine = await person("mine@example.com", "mine_holder");
    const theirs = await person("theirs@example.com", "theirs_holder");
    for (const [kind, id] of [
      ["application", theirs.application],
      ["contact", theirs.contact],
    ] as const) {
      expect(await openHeldStatusPage(svc, mine.holder, kind, id)).toMatchObject({ ok: false, status: 404 });
      expect(await deleteHeldItem(svc, mine.holder, kind, id)).toMatchObject({ ok: false, status: 404 });
      expect(await exportHeldData(svc, mine.holder, { kind, id })).toBeNull();
    }
    // My own id under another kind, and the other account itself, are not mine either.
    expect(await openHeldStatusPage(svc, mine.holder, "issueReport", mine.contact)).toMatchObject({
      ok: false,
    });
    expect(await deleteHeldItem(svc, mine.holder, "account", theirs.holder.id)).toMatchObject({ ok: false });
    expect(await exportHeldData(svc, mine.holder, { kind: "account", id: theirs.holder.id })).toBeNull();
    const page = await loadAccountData(svc, theirs.holder, "en");
    if (!page.verified) throw new Error("verified");
    expect(page.groups.flatMap((group) => group.items.map((item) => item.id)).sort()).toEqual(
      [theirs.holder.id, theirs.application, theirs.contact].sort(),
    );
    const links = await svc.db.select().from(schema.statusLinks);
    expect(links.filter((link) => link.kind === "contact" && link.itemId === theirs.contact)).toHaveLength(1);
  });

  it("opens a fresh status page of one's own submission", async () => {
    const holder = await person("opener@example.com", "opener");
    const opened = await openHeldStatusPage(svc, holder.holder, "application", holder.application);
    if (!opened.ok) throw new Error("refused");
    expect(await findStatusLink(svc.db, opened.value.token)).toEqual({
      kind: "application",
      itemId: holder.application,
    });
    expect(await loadStatusPage(svc, opened.value.token, "en")).toMatchObject({ kind: "application" });
    // The account itself has no status page.
    expect(await openHeldStatusPage(svc, holder.holder, "account", holder.holder.id)).toMatchObject({
      ok: false,
    });
  });

  it("downloads one item or everything, deletes one item, and keeps the account for its own page", async () => {
    const holder = await person("keeper@example.com", "keeper");
    const everything = unzipSync((await exportHeldData(svc, holder.holder, "all"))!);
    const data = JSON.parse(strFromU8(everything["data.json"]!));
    expect(data.email).toBe("keeper@example.com");
    expect(Object.keys(data.items).sort()).toEqual(["account", "application", "contact"]);
    expect(data.items.account[0].profile.username).toBe("keeper");
    expect(Object.keys(everything).some((name) => name.endsWith("cv.pdf"))).toBe(true);
    const one = unzipSync(
      (await exportHeldData(svc, holder.holder, { kind: "contact", id: holder.contact }))!,
    );
    expect(JSON.parse(strFromU8(one["data.json"]!))).toMatchObject({ kind: "contact", id: holder.contact });

    expect(await deleteHeldItem(svc, holder.holder, "contact", holder.contact)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await deleteHeldItem(svc, holder.holder, "account", holder.holder.id)).toMatchObject({
      ok: false,
    });
    const page = await loadAccountData(svc, holder.holder, "en");
    if (!page.verified) throw new Error("verified");
    expect(page.groups.map((group) => group.kind)).toEqual(["account", "application"]);
  });
});
