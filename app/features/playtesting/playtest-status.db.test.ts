import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { removeByPrivacyLink, removeEverythingByPrivacyLink } from "~/features/privacy-requests/index.server";
import { deleteByStatusLink, loadStatusPage, sendStatusLinks } from "~/features/status/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails, statusLinks } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createRateLimits } from "~/platform/http/rate-limit.server";
import { createLogger } from "~/platform/logging.server";
import { createPrivacyLink } from "~/platform/privacy/links.server";
import { createUploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../../server/content-kinds";
import { pageSays, postOnStatusPage } from "../../../tests/support/status-posts";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { playtestPersonalData } from "./personal-data.server";
import {
  confirmSeat,
  declineSession,
  inviteToCall,
  inviteToSession,
  markAttended,
  rejectSignup,
  signupStatus,
  waitlistForSession,
} from "./playtest-status.server";
import { sessionCalendarByLink } from "./playtest-status-source.server";
import { signupSchemaInput } from "./playtest-test-data";
import { sendSessionReminders } from "./reminder.server";
import { purgeExpiredSignups, removeSignup, signUpPlaytester } from "./signup.server";
import { playtestSignupSchema } from "./signup-form";
import { playtestSignups, playtestSites } from "./tables";
import { playtestCommands } from "./tools.server";

const SESSION = "quebec-lantern-focus-2094-01";
let database: Database;
let filesDir: string;
let svc: Parameters<typeof sendStatusLinks>[0] & Parameters<typeof deleteByStatusLink>[0];

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  const logger = createLogger("silent");
  // Sign-ups carry no files; the store is there because data-rights deletions expect one.
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "playtest-status-"));
  const files = createLocalFileStore(filesDir);
  const uploads = createUploadStore({ db: database.db, files, limits: { maxFiles: 1, maxKb: 100 }, logger });
  const config = parseConfig({ PUBLIC_URL: "https://studio.example" });
  svc = { db: database.db, config, logger, uploads, rateLimits: createRateLimits(config, logger) };
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(playtestSignups);
  await database.db.delete(outboxEmails);
  await setSeats(8);
});

/** Sets the Quebec session's seats (the content says 8). */
async function setSeats(seats: number) {
  const [site] = await database.db.select().from(playtestSites).where(eq(playtestSites.slug, "quebec"));
  await database.db
    .update(playtestSites)
    .set({ sessions: site!.sessions.map((s) => ({ ...s, seats })) })
    .where(eq(playtestSites.slug, "quebec"));
}

/** Signs up as a visitor would; answers the id and the status link of the confirmation e-mail. */
async function signUp(email: string, lang: "fr" | "en" = "fr") {
  const result = await signUpPlaytester(svc, playtestSignupSchema.parse({ ...signupSchemaInput, email }), {
    lang,
  });
  const [confirmation] = await database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, "playtest-signup"), eq(outboxEmails.to, email)));
  const token = /\/status\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text!)?.[1];
  if (!token) throw new Error("no status link in the confirmation");
  return { id: result.id, token, confirmation: confirmation! };
}

const mailsTo = (to: string) => database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
const stageOf = async (id: string) => (await signupStatus(database.db, id))?.stage;

describe("a playtest sign-up's status page", () => {
  it("is linked from the confirmation e-mail and shows the sign-up received, dated, with its deletion date", async () => {
    const { token, confirmation } = await signUp("lea@example.com");
    expect(confirmation.text).toContain(`https://studio.example/fr/status/${token}`);
    expect(confirmation.html).toContain(`/fr/status/${token}`);
    const page = await loadStatusPage(svc, token, "fr");
    expect(page).toMatchObject({ kind: "playtest", title: "Inscription aux tests de jeu : Québec (Canada)" });
    if (page?.kind !== "playtest") throw new Error("not a playtest page");
    expect(page.data.stage).toBe("received");
    expect(page.data.history.map((h) => h.stage)).toEqual(["received"]);
    expect(page.data.reachedOn.signUp).toBe(page.data.sentOn.replace("Inscription faite le ", ""));
    expect(page.deleteOn).toMatch(/\d{4}/);
  });

  it("goes through every stage the studio and the tester move it to, each dated and e-mailed", async () => {
    const { id, token } = await signUp("lea@example.com", "en");
    expect(await inviteToCall(svc, id)).toMatchObject({ ok: true, to: "callInvited" });
    expect(await inviteToSession(svc, { id, session: SESSION, at: "2094-01-23T09:00" })).toMatchObject({
      ok: true,
      to: "sessionInvited",
    });
    const invitation = (await mailsTo("lea@example.com")).find((m) => m.kind === "playtest-invitation");
    expect(invitation!.text).toContain("9:00");
    // The office's zone as people write it, in January.
    expect(invitation!.text).toMatch(/9:00\sAM EST/);
    expect(invitation!.text).toMatch(/\/status\/[A-Za-z0-9_-]{43}\/session\.ics/);
    expect(await postOnStatusPage(svc, token, "confirm")).toEqual(
      pageSays("success", "playtesting:status.answer.done.confirmed"),
    );
    expect(await markAttended(svc, id)).toMatchObject({ ok: true, to: "attended" });
    const status = await signupStatus(database.db, id);
    expect(status!.history.map((h) => h.stage)).toEqual([
      "received",
      "callInvited",
      "sessionInvited",
      "confirmed",
      "attended",
    ]);
    const kinds = (await mailsTo("lea@example.com")).map((m) => m.kind).sort();
    expect(kinds).toEqual(
      [
        "playtest-signup",
        "playtest-callInvited",
        "playtest-invitation",
        "playtest-confirmed",
        "playtest-attended",
      ].sort(),
    );
    const page = await loadStatusPage(svc, token, "en");
    if (page?.kind !== "playtest") throw new Error("not a playtest page");
    expect(page.data.session).toMatchObject({ when: expect.stringContaining("9:00"), hasCalendar: true });
    expect(page.data.canConfirm).toBe(false);
  });

  it("puts an invitation past the seats on the session's waitlist, and says so", async () => {
    await setSeats(1);
    const first = await signUp("first@example.com");
    const second = await signUp("second@example.com");
    await inviteToSession(svc, { id: first.id, session: SESSION, at: "2094-01-23T09:00" });
    await confirmSeat(svc, first.id);
    const run = await playtestCommands
      .find((c) => c.name === "playtest.invite")!
      .run(svc as never, { id: second.id, session: SESSION, at: "2094-01-23T09:00" } as never);
    expect(await stageOf(second.id)).toBe("waitlisted");
    expect(playtestCommands.find((c) => c.name === "playtest.invite")!.print(run as never)).toContain(
      "seats are all taken",
    );
    expect((await mailsTo("second@example.com")).map((m) => m.kind)).toContain("playtest-waitlisted");
  });

  it("lets the studio confirm for a tester who said yes by phone: the last seat, then the waitlist", async () => {
    await setSeats(1);
    const confirm = playtestCommands.find((c) => c.name === "playtest.confirm")!;
    const first = await signUp("phoned@example.com");
    const second = await signUp("phoned-too@example.com");
    for (const t of [first, second])
      await inviteToSession(svc, { id: t.id, session: SESSION, at: "2094-01-23T09:00" });
    expect(confirm.print((await confirm.run(svc as never, { id: first.id } as never)) as never)).toContain(
      "Seat confirmed",
    );
    expect(await stageOf(first.id)).toBe("confirmed");
    expect(confirm.print((await confirm.run(svc as never, { id: second.id } as never)) as never)).toContain(
      "seats are all taken",
    );
    expect(await stageOf(second.id)).toBe("waitlisted");
    expect((await mailsTo("phoned@example.com")).map((m) => m.kind)).toContain("playtest-confirmed");
    // Only an invitation can be confirmed.
    await expect(confirm.run(svc as never, { id: first.id } as never)).rejects.toThrow();
  });

  it("gives the last seat to exactly one of two testers confirming at once; the other is waitlisted", async () => {
    await setSeats(1);
    const a = await signUp("a@example.com");
    const b = await signUp("b@example.com");
    for (const t of [a, b])
      await inviteToSession(svc, { id: t.id, session: SESSION, at: "2094-01-23T09:00" });
    const answers = await Promise.all([
      postOnStatusPage(svc, a.token, "confirm"),
      postOnStatusPage(svc, b.token, "confirm"),
    ]);
    expect(answers).toEqual(
      expect.arrayContaining([
        pageSays("success", "playtesting:status.answer.done.confirmed"),
        pageSays("success", "playtesting:status.answer.done.waitlisted"),
      ]),
    );
    expect([await stageOf(a.id), await stageOf(b.id)].sort()).toEqual(["confirmed", "waitlisted"]);
  });

  it("gives a freed seat to the oldest tester on the waitlist, invited by e-mail", async () => {
    await setSeats(1);
    const holder = await signUp("holder@example.com");
    const older = await signUp("older@example.com");
    const newer = await signUp("newer@example.com");
    await inviteToSession(svc, { id: holder.id, session: SESSION, at: "2094-01-23T09:00" });
    await confirmSeat(svc, holder.id);
    await waitlistForSession(svc, { id: older.id, session: SESSION });
    await waitlistForSession(svc, { id: newer.id, session: SESSION });
    await database.db.delete(outboxEmails);

    expect(await postOnStatusPage(svc, holder.token, "decline")).toEqual(
      pageSays("success", "playtesting:status.answer.done.declined"),
    );
    expect(await stageOf(holder.id)).toBe("declined");
    expect(await stageOf(older.id)).toBe("sessionInvited");
    expect(await stageOf(newer.id)).toBe("waitlisted");
    const [invited] = await mailsTo("older@example.com");
    expect(invited).toMatchObject({ kind: "playtest-invitation" });
    expect(invited!.text).toContain("9 h 00");
    expect((await signupStatus(database.db, older.id))!.sessionAt).toBe("2094-01-23T09:00");
    expect(await mailsTo("newer@example.com")).toEqual([]);
    // The promoted tester takes the seat.
    expect(await confirmSeat(svc, older.id)).toMatchObject({ ok: true, to: "confirmed" });
  });

  it("refuses moves from a declined, not selected or deleted sign-up, and answers out of turn", async () => {
    const declined = await signUp("declined@example.com");
    await inviteToSession(svc, { id: declined.id, session: SESSION, at: "2094-01-23T09:00" });
    await declineSession(svc, declined.id);
    for (const move of [
      () => inviteToCall(svc, declined.id),
      () => inviteToSession(svc, { id: declined.id, session: SESSION, at: "2094-01-23T09:00" }),
      () => waitlistForSession(svc, { id: declined.id, session: SESSION }),
      () => markAttended(svc, declined.id),
      () => rejectSignup(svc, declined.id),
    ]) {
      expect(await move()).toEqual({ ok: false, code: "closed" });
    }
    const rejected = await signUp("rejected@example.com");
    expect(await rejectSignup(svc, rejected.id)).toMatchObject({ ok: true, to: "notSelected" });
    expect(await inviteToCall(svc, rejected.id)).toEqual({ ok: false, code: "closed" });
    expect((await mailsTo("rejected@example.com")).map((m) => m.kind)).toContain("playtest-notSelected");

    const call = playtestCommands.find((c) => c.name === "playtest.call")!;
    await expect(call.run(svc as never, { id: rejected.id } as never)).rejects.toThrow(/closed/);

    const deleted = await signUp("deleted@example.com");
    expect(await deleteByStatusLink(svc, deleted.token)).toEqual({ ok: true, kind: "playtest" });
    expect(await inviteToCall(svc, deleted.id)).toEqual({ ok: false, code: "notFound" });
    await expect(call.run(svc as never, { id: deleted.id } as never)).rejects.toThrow(/No sign-up/);
    expect(await loadStatusPage(svc, deleted.token, "fr")).toBeNull();
    expect(await database.db.select().from(statusLinks).where(eq(statusLinks.itemId, deleted.id))).toEqual(
      [],
    );

    // The tester can only confirm an invitation.
    const waiting = await signUp("waiting@example.com");
    expect(await postOnStatusPage(svc, waiting.token, "confirm")).toEqual(
      pageSays("error", "playtesting:status.answer.notActive"),
    );
    expect(await postOnStatusPage(svc, waiting.token, "decline")).toEqual(
      pageSays("error", "playtesting:status.answer.notActive"),
    );
    expect(await stageOf(waiting.id)).toBe("received");
  });

  it("offers the session as a calendar file once invited: the office's time in UTC, a day to 17:00, at the studio", async () => {
    const { id, token } = await signUp("lea@example.com");
    expect(await sessionCalendarByLink(svc, token, "fr")).toBeNull();
    await inviteToSession(svc, { id, session: SESSION, at: "2094-01-23T09:30" });
    const ics = (await sessionCalendarByLink(svc, token, "fr"))!;
    expect(ics).toContain("BEGIN:VEVENT");
    // 9:30 in Quebec City in January (UTC−5).
    expect(ics).toContain("DTSTART:20940123T143000Z");
    expect(ics).toContain("DURATION:PT7H30M");
    expect(ics).toContain("SUMMARY:Test de jeu : Groupe de discussion The Lantern Court");
    expect(ics).toMatch(/LOCATION:.*Québec/);
    expect(ics).toContain("STATUS:TENTATIVE");
    await confirmSeat(svc, id);
    expect(await sessionCalendarByLink(svc, token, "fr")).toContain("STATUS:CONFIRMED");
    await declineSession(svc, id);
    expect(await sessionCalendarByLink(svc, token, "fr")).toBeNull();
  });

  it("reminds each tester holding a seat once, 24 hours before, even when two processes run it at once", async () => {
    const seated = await signUp("seated@example.com");
    const invited = await signUp("invited@example.com");
    for (const t of [seated, invited]) {
      await inviteToSession(svc, { id: t.id, session: SESSION, at: "2094-01-23T09:00" });
    }
    await confirmSeat(svc, seated.id);
    await database.db.delete(outboxEmails);
    // The session starts at 14:00 UTC on 23 January 2094.
    expect(await sendSessionReminders(svc, new Date("2094-01-22T13:59:00Z"))).toBe(0);
    const now = new Date("2094-01-22T14:05:00Z");
    const runs = await Promise.all([sendSessionReminders(svc, now), sendSessionReminders(svc, now)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect(await sendSessionReminders(svc, new Date("2094-01-23T08:00:00Z"))).toBe(0);
    const reminders = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "playtest-reminder"));
    expect(reminders.map((m) => m.to)).toEqual(["seated@example.com"]);
    expect(reminders[0]!.text).toContain("9 h 00");
    expect(reminders[0]!.text).toMatch(/session\.ics/);
  });

  it("shows the NDA once the seat is confirmed, and signs it with the sign-up's full name typed (case and spaces aside)", async () => {
    const { id, token } = await signUp("lea@example.com");
    await inviteToSession(svc, { id, session: SESSION, at: "2094-01-23T09:00" });
    expect(await postOnStatusPage(svc, token, "sign", { fullName: "Léa Tremblay" })).toEqual(
      pageSays("error", "playtesting:status.nda.notActive"),
    );
    await confirmSeat(svc, id);
    const page = await loadStatusPage(svc, token, "fr");
    if (page?.kind !== "playtest") throw new Error("not a playtest page");
    expect(page.data.nda).toMatchObject({
      title: "Entente de non-divulgation des tests de jeu",
      version: 1,
    });
    expect(page.data.nda!.html).toContain("confidentiel");
    await database.db.delete(outboxEmails);

    expect(await postOnStatusPage(svc, token, "sign", { fullName: "Lea Tremblay" })).toEqual(
      pageSays("error", "playtesting:status.nda.nameMismatch"),
    );
    expect(await stageOf(id)).toBe("confirmed");
    expect(await postOnStatusPage(svc, token, "sign", { fullName: "  léa   TREMBLAY " })).toEqual(
      pageSays("success", "playtesting:status.nda.done"),
    );
    const [row] = await database.db.select().from(playtestSignups).where(eq(playtestSignups.id, id));
    expect(row).toMatchObject({ stage: "signed", ndaVersion: 1, ndaName: "léa   TREMBLAY" });
    expect(row!.ndaSignedAt).toBeInstanceOf(Date);
    const [copy] = await mailsTo("lea@example.com");
    expect(copy).toMatchObject({ kind: "playtest-signed" });
    expect(copy!.text).toContain("Entente de non-divulgation des tests de jeu (1)");
    expect(copy!.text).toContain("Ne pas apporter d'appareil dans la salle de test");
    const after = await loadStatusPage(svc, token, "fr");
    if (after?.kind !== "playtest") throw new Error("not a playtest page");
    expect(after.data.nda).toBeNull();
    expect(after.data.signedNda).toMatchObject({ version: 1, name: "léa   TREMBLAY" });
    // "Download my data" has the stages and the signature.
    const exported = (await playtestPersonalData.export(svc, id))!.json as {
      stages: Array<{ stage: string }>;
      ndaName: string;
    };
    expect(exported.stages.map((x) => x.stage)).toEqual([
      "received",
      "sessionInvited",
      "confirmed",
      "signed",
    ]);
    expect(exported.ndaName).toBe("léa   TREMBLAY");
    // Signed once: a second signature changes nothing.
    expect(await postOnStatusPage(svc, token, "sign", { fullName: "Léa Tremblay" })).toEqual(
      pageSays("error", "playtesting:status.nda.notActive"),
    );
  });

  it("is among the links sent again to the address, labelled without the tester's own words", async () => {
    await signUp("Lea@Example.com");
    await database.db.delete(outboxEmails);
    await sendStatusLinks(svc, "lea@example.com", "fr");
    const [mail] = await mailsTo("lea@example.com");
    expect(mail!.text).toContain("Inscription aux tests de jeu à Québec (Canada)");
    expect(mail!.text).toMatch(/\/fr\/status\/[A-Za-z0-9_-]{43}/);
    expect(mail!.text).not.toContain("Léa");
  });
});

/**
 * A session whose seats are all held (one per holder, confirmed at 9:00 on 23 January 2094) and
 * testers on its waitlist, oldest first; the outbox emptied.
 */
async function fullSession(holders: string[], waiting: string[]) {
  await setSeats(holders.length);
  const held: Array<Awaited<ReturnType<typeof signUp>>> = [];
  for (const email of holders) {
    const holder = await signUp(email);
    await inviteToSession(svc, { id: holder.id, session: SESSION, at: "2094-01-23T09:00" });
    await confirmSeat(svc, holder.id);
    held.push(holder);
  }
  const waitlisted: Array<Awaited<ReturnType<typeof signUp>>> = [];
  for (const email of waiting) {
    const tester = await signUp(email);
    await waitlistForSession(svc, { id: tester.id, session: SESSION });
    waitlisted.push(tester);
  }
  await database.db.delete(outboxEmails);
  return { held, waitlisted };
}

/** The addresses invitations were queued to, once per e-mail: who was promoted, and how often. */
const invited = async () =>
  (
    await database.db
      .select({ to: outboxEmails.to })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, "playtest-invitation"))
  )
    .map((m) => m.to)
    .sort();

/** The removal link's token of a sign-up's confirmation e-mail. */
const removalToken = (confirmation: { text: string | null }) => {
  const token = /remove\?token=([\w-]+)/.exec(confirmation.text ?? "")?.[1];
  if (!token) throw new Error("no removal link in the confirmation");
  return token;
};

describe("a seat freed by deleting the sign-up that held it", () => {
  it("goes to the oldest waitlisted tester, invited once, when the sign-up is deleted from its status page", async () => {
    const { held, waitlisted } = await fullSession(
      ["holder@example.com"],
      ["older@example.com", "newer@example.com", "leaving@example.com"],
    );
    // A sign-up on the waitlist held no seat: deleting it promotes nobody.
    expect(await deleteByStatusLink(svc, waitlisted[2]!.token)).toEqual({ ok: true, kind: "playtest" });
    expect(await invited()).toEqual([]);
    expect(await deleteByStatusLink(svc, held[0]!.token)).toEqual({ ok: true, kind: "playtest" });
    expect(await Promise.all(waitlisted.map((t) => stageOf(t.id)))).toEqual([
      "sessionInvited",
      "waitlisted",
      undefined,
    ]);
    expect(await invited()).toEqual(["older@example.com"]);
    const [invitation] = await mailsTo("older@example.com");
    // The freed seat's time, as "I can't make it" gives it.
    expect(invitation!.text).toContain("9 h 00");
    expect((await signupStatus(database.db, waitlisted[0]!.id))!.sessionAt).toBe("2094-01-23T09:00");
  });

  it("goes to the oldest waitlisted tester, invited once, when the sign-up is deleted from the data-rights page", async () => {
    const { held, waitlisted } = await fullSession(
      ["holder@example.com"],
      ["older@example.com", "newer@example.com"],
    );
    const link = await createPrivacyLink(database.db, "holder@example.com");
    expect(await removeByPrivacyLink(svc, link, "playtest", held[0]!.id)).toEqual({ ok: true });
    expect(await Promise.all(waitlisted.map((t) => stageOf(t.id)))).toEqual(["sessionInvited", "waitlisted"]);
    expect(await invited()).toEqual(["older@example.com"]);
  });

  it("goes to the oldest waitlisted tester, invited once, when the holder deletes everything of theirs", async () => {
    const { waitlisted } = await fullSession(
      ["holder@example.com"],
      ["older@example.com", "newer@example.com"],
    );
    const link = await createPrivacyLink(database.db, "holder@example.com");
    expect(await removeEverythingByPrivacyLink(svc, link)).toEqual({ ok: true, deleted: 1 });
    expect(await Promise.all(waitlisted.map((t) => stageOf(t.id)))).toEqual(["sessionInvited", "waitlisted"]);
    expect(await invited()).toEqual(["older@example.com"]);
  });

  it("goes to the oldest waitlisted tester, invited once, when the sign-up is deleted by its removal link", async () => {
    const { held, waitlisted } = await fullSession(
      ["holder@example.com"],
      ["older@example.com", "newer@example.com"],
    );
    expect(await removeSignup(svc, removalToken(held[0]!.confirmation))).toBe(true);
    expect(await stageOf(held[0]!.id)).toBeUndefined();
    expect(await Promise.all(waitlisted.map((t) => stageOf(t.id)))).toEqual(["sessionInvited", "waitlisted"]);
    expect(await invited()).toEqual(["older@example.com"]);
  });

  it("goes to the oldest waitlisted tester kept, invited once, when the retention purge deletes the sign-up", async () => {
    const { held, waitlisted } = await fullSession(
      ["holder@example.com"],
      ["expired@example.com", "older@example.com", "newer@example.com"],
    );
    // The holder and the first on the waitlist are past their retention date: the seat goes to
    // the oldest tester the purge keeps.
    await database.db
      .update(playtestSignups)
      .set({ expiresAt: new Date("2026-01-01T00:00:00Z") })
      .where(inArray(playtestSignups.id, [held[0]!.id, waitlisted[0]!.id]));
    expect(await purgeExpiredSignups(svc)).toBe(2);
    expect(await Promise.all(waitlisted.map((t) => stageOf(t.id)))).toEqual([
      undefined,
      "sessionInvited",
      "waitlisted",
    ]);
    expect(await invited()).toEqual(["older@example.com"]);
  });

  it("gives two seats freed by two deletions at once to two different testers, each invited once", async () => {
    const { held, waitlisted } = await fullSession(
      ["first@example.com", "second@example.com"],
      ["older@example.com", "middle@example.com", "newer@example.com"],
    );
    // On PostgreSQL the two transactions run at once (PGlite takes them one after the other).
    const deletions = await Promise.all([
      deleteByStatusLink(svc, held[0]!.token),
      removeSignup(svc, removalToken(held[1]!.confirmation)),
    ]);
    expect(deletions).toEqual([{ ok: true, kind: "playtest" }, true]);
    expect(await Promise.all(waitlisted.map((t) => stageOf(t.id)))).toEqual([
      "sessionInvited",
      "sessionInvited",
      "waitlisted",
    ]);
    expect(await invited()).toEqual(["middle@example.com", "older@example.com"]);
    // Both take a seat: the session is full again, not past its seats.
    for (const t of waitlisted.slice(0, 2)) {
      expect(await confirmSeat(svc, t.id)).toMatchObject({ ok: true, to: "confirmed" });
    }
  });

  it("gives a seat freed by a decline and a deletion of its holder at once to one tester, invited once", async () => {
    const { held, waitlisted } = await fullSession(
      ["holder@example.com"],
      ["older@example.com", "newer@example.com"],
    );
    const [, deletion] = await Promise.all([
      postOnStatusPage(svc, held[0]!.token, "decline"),
      deleteByStatusLink(svc, held[0]!.token),
    ]);
    expect(deletion).toEqual({ ok: true, kind: "playtest" });
    expect(await stageOf(held[0]!.id)).toBeUndefined();
    expect(await Promise.all(waitlisted.map((t) => stageOf(t.id)))).toEqual(["sessionInvited", "waitlisted"]);
    expect(await invited()).toEqual(["older@example.com"]);
  });
});
