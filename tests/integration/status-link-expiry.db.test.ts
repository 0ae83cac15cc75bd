import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { submitApplication } from "~/features/careers/application.server";
import { applicationStatus, moveApplication } from "~/features/careers/application-status.server";
import { loadContent } from "~/features/content/index.server";
import { getJobOffer } from "~/features/jobs/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { sessionCalendarByLink } from "~/features/playtesting/index.server";
import { confirmSeat, inviteToSession } from "~/features/playtesting/playtest-status.server";
import { signupSchemaInput } from "~/features/playtesting/playtest-test-data";
import { signUpPlaytester } from "~/features/playtesting/signup.server";
import { playtestSignupSchema } from "~/features/playtesting/signup-form";
import { playtestSignups } from "~/features/playtesting/tables";
import {
  deleteByStatusLink,
  exportByStatusLink,
  loadStatusPage,
  sendStatusLinks,
} from "~/features/status/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails, statusLinks } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { hashLinkToken } from "~/platform/security/link-token.server";
import { findStatusLink, STATUS_LINK_IDLE_DAYS, statusLinkGone } from "~/platform/status/links.server";
import { pdf } from "~/platform/uploads/test-samples";
import { createUploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../server/content-kinds";
import { testServices } from "../support/services";
import { postOnStatusPage } from "../support/status-posts";
import { testContent } from "../support/test-content";
import { createTestDatabase } from "../support/test-db";

/**
 * A status link ends (docs/requirements.md#status-pages, docs/decisions/0044-status-links-expire.md):
 * 90 days after its page was last opened, or once the links are asked for again; an e-mail
 * about a change replaces none. The clock is passed along where a test walks through the days,
 * and a link is moved back in the database where a test only needs one already expired.
 */

const SESSION = "quebec-lantern-focus-2094-01";
const dayMs = 24 * 60 * 60_000;
let database: Database;
let dir: string;
let svc: ReturnType<typeof testServices>;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "status-link-expiry-"));
  const logger = createLogger("silent");
  const files = createLocalFileStore(dir);
  const uploads = createUploadStore({ db: database.db, files, limits: { maxFiles: 1, maxKb: 5000 }, logger });
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

beforeEach(async () => {
  await database.db.delete(outboxEmails);
});

/** The status links of the e-mails of `kind` to `to`, in the order sent. */
async function linksMailed(kind: string, to: string): Promise<string[]> {
  const mails = await database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, kind), eq(outboxEmails.to, to)))
    .orderBy(outboxEmails.createdAt);
  return mails.flatMap((mail) =>
    [...mail.text!.matchAll(/\/status\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!),
  );
}

/** Signs up for a playtest as the form does: its id and the confirmation's link. */
async function signUp(email: string) {
  const { id } = await signUpPlaytester(svc, playtestSignupSchema.parse({ ...signupSchemaInput, email }), {
    lang: "fr",
  });
  const [token] = await linksMailed("playtest-signup", email);
  return { id, token: token! };
}

/** Applies to the Quebec gameplay offer as the form does: its id and the confirmation's link. */
async function apply(email: string) {
  const [row] = await database.db
    .select({ id: jobOffers.id })
    .from(jobOffers)
    .where(eq(jobOffers.slug, "quebec-senior-gameplay-programmer"));
  const offer = (await getJobOffer(database.db, row!.id, "fr"))!;
  const [upload] = await svc.uploads.save([{ name: "cv.pdf", bytes: pdf }]);
  const sent = await submitApplication(
    svc,
    offer,
    {
      name: "Léa Tremblay",
      email,
      phone: "+14185550134",
      resume: [upload!.id],
      coverLetter: undefined,
      consent: true,
    },
    { lang: "fr" },
  );
  if (sent.status !== "sent") throw new Error("not sent");
  const [token] = await linksMailed("job-application-received", email);
  return { id: sent.id, token: token! };
}

const linkRow = async (token: string) =>
  (
    await database.db
      .select()
      .from(statusLinks)
      .where(eq(statusLinks.tokenHash, hashLinkToken(token)))
  )[0]!;

/** Moves a link's last opening back by `days`, as if nobody had opened it since. */
async function leaveUnopened(token: string, days: number) {
  await database.db
    .update(statusLinks)
    .set({ lastOpenedAt: new Date(Date.now() - days * dayMs) })
    .where(eq(statusLinks.tokenHash, hashLinkToken(token)));
}

const later = (from: Date, days: number, hours = 0) =>
  new Date(from.getTime() + days * dayMs + hours * 3_600_000);

describe("a status link unused for 90 days", () => {
  it("made and never opened, opens until its 90th day and not from then on", async () => {
    const { id, token } = await signUp("never.opened@example.com");
    const made = (await linkRow(token)).lastOpenedAt;
    expect(STATUS_LINK_IDLE_DAYS).toBe(90);
    expect(await findStatusLink(database.db, token, later(made, 89, 23))).toEqual({
      kind: "playtest",
      itemId: id,
    });
    expect(await statusLinkGone(database.db, token, later(made, 89, 23))).toBe(false);
    expect(await findStatusLink(database.db, token, later(made, 90))).toBeNull();
    expect(await statusLinkGone(database.db, token, later(made, 90))).toBe(true);
    expect(await loadStatusPage(svc, token, "fr", later(made, 90))).toBeNull();
  });

  it("stays open while its page is opened, written at most once a day, and ends 90 days after the last", async () => {
    const { token } = await signUp("opened@example.com");
    const made = (await linkRow(token)).lastOpenedAt;
    const day60 = later(made, 60);
    expect(await loadStatusPage(svc, token, "fr", day60)).toMatchObject({ kind: "playtest" });
    expect((await linkRow(token)).lastOpenedAt).toEqual(day60);
    // Opened again the same day: no write, the day's opening stands.
    expect(await loadStatusPage(svc, token, "fr", later(made, 60, 23))).toMatchObject({ kind: "playtest" });
    expect((await linkRow(token)).lastOpenedAt).toEqual(day60);
    // 150 days after it was made, but 89 after it was last opened.
    const day149 = later(made, 149);
    expect(await loadStatusPage(svc, token, "fr", day149)).toMatchObject({ kind: "playtest" });
    expect((await linkRow(token)).lastOpenedAt).toEqual(day149);
    expect(await findStatusLink(database.db, token, later(day149, 89, 23))).toMatchObject({
      kind: "playtest",
    });
    expect(await loadStatusPage(svc, token, "fr", later(day149, 90))).toBeNull();
    expect(await statusLinkGone(database.db, token, later(day149, 90))).toBe(true);
    // Opening a gone link does not bring it back.
    expect((await linkRow(token)).lastOpenedAt).toEqual(day149);
  });

  it("does nothing any more: withdraw, delete, download, confirm, decline, sign, calendar", async () => {
    const application = await apply("expired.applicant@example.com");
    await leaveUnopened(application.token, 90);
    expect(await statusLinkGone(database.db, application.token)).toBe(true);
    expect(await postOnStatusPage(svc, application.token, "withdraw")).toEqual({ notFound: true });
    expect(await exportByStatusLink(svc, application.token)).toBeNull();
    expect(await deleteByStatusLink(svc, application.token)).toEqual({ ok: false, code: "notFound" });
    expect((await applicationStatus(database.db, application.id))?.stage).toBe("apply");

    const tester = await signUp("expired.tester@example.com");
    expect((await inviteToSession(svc, { id: tester.id, session: SESSION, at: "2094-01-23T09:30" })).ok).toBe(
      true,
    );
    const [invited] = await linksMailed("playtest-invitation", "expired.tester@example.com");
    expect((await confirmSeat(svc, tester.id)).ok).toBe(true);
    for (const token of [tester.token, invited!]) await leaveUnopened(token, 91);
    for (const token of [tester.token, invited!]) {
      expect(await postOnStatusPage(svc, token, "decline")).toEqual({ notFound: true });
      expect(await postOnStatusPage(svc, token, "confirm")).toEqual({ notFound: true });
      expect(await postOnStatusPage(svc, token, "sign", { fullName: "Léa Tremblay" })).toEqual({
        notFound: true,
      });
      expect(await sessionCalendarByLink(svc, token, "fr")).toBeNull();
      expect(await exportByStatusLink(svc, token)).toBeNull();
      expect(await deleteByStatusLink(svc, token)).toEqual({ ok: false, code: "notFound" });
    }
    const [signup] = await database.db
      .select()
      .from(playtestSignups)
      .where(eq(playtestSignups.id, tester.id));
    expect(signup).toMatchObject({ stage: "confirmed", ndaSignedAt: null });
  });
});

describe("asking for the links again", () => {
  it("replaces every earlier link to the address's submissions; the fresh ones open, another person's stay", async () => {
    const address = "asks.again@example.com";
    const application = await apply(address);
    const tester = await signUp(address);
    expect((await inviteToSession(svc, { id: tester.id, session: SESSION, at: "2094-01-23T09:30" })).ok).toBe(
      true,
    );
    const [invited] = await linksMailed("playtest-invitation", address);
    const someoneElse = await signUp("someone.else@example.com");
    const earlier = [application.token, tester.token, invited!];

    await sendStatusLinks(svc, "Asks.Again@example.com", "fr");

    const fresh = await linksMailed("status-links", "Asks.Again@example.com");
    expect(fresh).toHaveLength(2);
    for (const token of earlier) {
      expect(await findStatusLink(database.db, token)).toBeNull();
      expect(await loadStatusPage(svc, token, "fr")).toBeNull();
      expect(await statusLinkGone(database.db, token)).toBe(true);
    }
    expect(await postOnStatusPage(svc, application.token, "withdraw")).toEqual({ notFound: true });
    const opened = await Promise.all(fresh.map((token) => loadStatusPage(svc, token, "fr")));
    expect(opened.map((page) => page?.kind).sort()).toEqual(["application", "playtest"]);
    expect(await findStatusLink(database.db, someoneElse.token)).toEqual({
      kind: "playtest",
      itemId: someoneElse.id,
    });

    // Asked again: the links of the first request are replaced in turn.
    await database.db.delete(outboxEmails);
    await sendStatusLinks(svc, address, "fr");
    const newest = await linksMailed("status-links", address);
    expect(newest).toHaveLength(2);
    const stillOpen = await Promise.all(
      [...fresh, ...newest].map((token) => findStatusLink(database.db, token)),
    );
    expect(stillOpen.map((target) => target !== null)).toEqual([false, false, true, true]);
  });

  it("an e-mail about a change brings a link and replaces none", async () => {
    const address = "stage.mail@example.com";
    const application = await apply(address);
    const tester = await signUp(address);
    expect((await moveApplication(svc, { id: application.id })).ok).toBe(true);
    expect((await inviteToSession(svc, { id: tester.id, session: SESSION, at: "2094-01-23T09:30" })).ok).toBe(
      true,
    );
    const [staged] = await linksMailed("job-application-stage", address);
    const [invited] = await linksMailed("playtest-invitation", address);
    for (const token of [application.token, staged!])
      expect(await findStatusLink(database.db, token)).toEqual({
        kind: "application",
        itemId: application.id,
      });
    for (const token of [tester.token, invited!])
      expect(await findStatusLink(database.db, token)).toEqual({ kind: "playtest", itemId: tester.id });
  });
});

describe("a playtest session's calendar file", () => {
  it("holds the session and the site's address, and no status link", async () => {
    const tester = await signUp("calendar@example.com");
    expect((await inviteToSession(svc, { id: tester.id, session: SESSION, at: "2094-01-23T09:30" })).ok).toBe(
      true,
    );
    const ics = await sessionCalendarByLink(svc, tester.token, "fr");
    // RFC 5545 folds long lines (CRLF and a space): unfolded, a link cut in two is whole again.
    const unfolded = (ics ?? "").replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("DTSTART:20940123T143000Z");
    expect(unfolded).toMatch(/DESCRIPTION:.*https:\/\/studio\.example/);
    expect(unfolded).not.toContain("/status/");
    expect(unfolded).not.toContain(tester.token);
  });
});
