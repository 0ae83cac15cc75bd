import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactMessages } from "~/features/contact/tables";
import { loadContent } from "~/features/content/index.server";
import { deleteByStatusLink, loadStatusPage, sendStatusLinks } from "~/features/status/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails, statusLinks, uploads } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import type { Services } from "~/platform/services.server";
import { findStatusLink } from "~/platform/status/links.server";
import * as sample from "~/platform/uploads/test-samples";
import { createUploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../../server/content-kinds";
import { testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { issueOwner, purgeExpiredIssueReports, submitIssueReport } from "./issue-report.server";
import { addIssueInfo, issueStatus, linkPatch, listIssueReports, moveIssue } from "./issue-status.server";
import { issueReportStages, issueReports } from "./tables";
import { issueCommands } from "./tools.server";

let database: Database;
let svc: Services;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "issue-status-uploads-"));

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  const logger = createLogger("silent");
  const uploads = createUploadStore({
    db: database.db,
    files: createLocalFileStore(dir),
    limits: { maxFiles: 1, maxKb: 5000 },
    logger,
  });
  svc = testServices(database, parseConfig({ PUBLIC_URL: "https://studio.example" }), { logger, uploads });
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(outboxEmails);
});

/** Reports an issue as the form does; answers its id and the acknowledgement's status link. */
async function report(email = "mira@example.com", lang: "fr" | "en" = "fr") {
  const result = await submitIssueReport(
    svc,
    {
      category: "save",
      game: "tidebound",
      platform: "windows",
      email,
      summary: "Save lost after the storm chapter",
      description: "After the storm in chapter 4 my save shows as empty.",
      attachments: [],
      consent: true,
    },
    { lang },
  );
  if (result.status !== "sent") throw new Error("not sent");
  const [ack] = await mails("issue-report-acknowledgement");
  const token = /\/status\/([A-Za-z0-9_-]{43})/.exec(ack!.text!)?.[1];
  if (!token) throw new Error("no status link in the acknowledgement");
  await database.db.delete(outboxEmails);
  return { id: result.id, token, ack: ack! };
}

const mails = (kind: string) => database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind));
const linkIn = (text: string) => /\/fr\/status\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

const page = async (token: string) => {
  const opened = await loadStatusPage(svc, token, "fr");
  return opened?.kind === "issueReport" ? opened.data : undefined;
};

describe("an issue report's status link", () => {
  it("is in the acknowledgement, in the reporter's language, and opens that report as received", async () => {
    const { id, token, ack } = await report();
    expect(ack.to).toBe("mira@example.com");
    expect(ack.text).toContain(`https://studio.example/fr/status/${token}`);
    expect(await findStatusLink(database.db, token)).toEqual({ kind: "issueReport", itemId: id });
    expect((await loadStatusPage(svc, token, "fr"))?.title).toBe("Save lost after the storm chapter");
    const shown = await page(token);
    expect(shown).toMatchObject({ status: "received", gameName: "Tidebound", note: null, patch: null });
    expect(shown!.history.map((h) => h.status)).toEqual(["received"]);
  });

  it("opens nothing once the retention purge deleted its report", async () => {
    const { id, token } = await report();
    await moveIssue(svc, { id, to: "confirmed" });
    await database.db
      .update(issueReports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(issueReports.id, id));
    await purgeExpiredIssueReports(svc);
    expect(await database.db.select().from(statusLinks).where(eq(statusLinks.itemId, id))).toEqual([]);
    expect(
      await database.db.select().from(issueReportStages).where(eq(issueReportStages.reportId, id)),
    ).toEqual([]);
    expect(await findStatusLink(database.db, token)).toBeNull();
  });
});

describe("the studio moving a report", () => {
  it("confirms it and e-mails the reporter in their language with a fresh link", async () => {
    const { id } = await report();
    const change = await moveIssue(svc, { id, to: "confirmed" });
    expect(change.ok && change.status.status).toBe("confirmed");
    const [mail] = await mails("issue-report-status");
    expect(mail!.to).toBe("mira@example.com");
    expect(mail!.subject).toContain("est confirmé");
    const shown = await page(linkIn(mail!.text!)!);
    expect(shown?.status).toBe("confirmed");
    expect(shown?.history.map((h) => h.status)).toEqual(["received", "confirmed"]);
    expect(await moveIssue(svc, { id, to: "confirmed" })).toEqual({ ok: false, code: "unchanged" });
  });

  it("asks for information (the note on the page and in the e-mail); the reporter's answer and file go to support", async () => {
    const { id, token } = await report();
    expect(await addIssueInfo(svc, { id, comment: "Too early", attachments: [] })).toEqual({
      ok: false,
      code: "notNeedingInfo",
    });
    const note = "Which save slot, and the game's version?";
    expect((await moveIssue(svc, { id, to: "needsInfo", note })).ok).toBe(true);
    const [asked] = await mails("issue-report-status");
    expect(asked!.text).toContain(note);
    expect(await page(token)).toMatchObject({ status: "needsInfo", note });

    const file = new File([sample.png], "slot.png", { type: "image/png" });
    const added = await addIssueInfo(svc, { id, comment: "Slot 2, version 2.3.1.", attachments: [file] });
    expect(added.ok && added.status.status).toBe("received");
    const shown = await page(token);
    expect(shown?.status).toBe("received");
    expect(shown?.infoAddedOn).not.toBeNull();
    expect(shown?.history.map((h) => h.status)).toEqual(["received", "needsInfo", "received"]);
    const [toSupport] = await mails("issue-report-info");
    expect(toSupport!.to).toBe("support@stormkettle.example");
    expect(toSupport!.headers["Reply-To"]).toBe("mira@example.com");
    expect(toSupport!.text).toContain("Slot 2, version 2.3.1.");
    expect(toSupport!.attachments?.map((a) => a.filename)).toEqual(["slot.png"]);
    const [stored] = await database.db
      .select()
      .from(uploads)
      .where(eq(uploads.attachedTo, issueOwner(id)));
    expect(stored?.originalName).toBe("slot.png");
    // Answered: no second comment until the studio asks again.
    expect(await addIssueInfo(svc, { id, comment: "One more thing", attachments: [] })).toEqual({
      ok: false,
      code: "notNeedingInfo",
    });
  });

  it("names the patch that fixed it, which must exist and be of the report's game; the page links its notes", async () => {
    const { id, token } = await report();
    expect(await linkPatch(svc, { id, patch: "tidebound/9.9" })).toEqual({ ok: false, code: "unknownPatch" });
    expect(await linkPatch(svc, { id, patch: "ashen-covenant/1.2" })).toEqual({
      ok: false,
      code: "otherGame",
    });
    const change = await linkPatch(svc, { id, patch: "tidebound/2.4" });
    expect(change.ok && change.status.status).toBe("fixed");
    const [mail] = await mails("issue-report-status");
    expect(mail!.text).toContain(
      "https://studio.example/fr/support/patches?game=tidebound#patch-tidebound-2.4",
    );
    expect((await page(token))?.patch).toMatchObject({
      version: "2.4",
      href: "/fr/support/patches?game=tidebound#patch-tidebound-2.4",
    });
  });

  it("cannot move a fixed or won't-fix report again, by any command", async () => {
    const fixed = await report();
    await linkPatch(svc, { id: fixed.id, patch: "tidebound/2.4" });
    const closed = await report();
    await moveIssue(svc, { id: closed.id, to: "wontFix" });
    await database.db.delete(outboxEmails);
    for (const { id } of [fixed, closed]) {
      for (const to of ["confirmed", "needsInfo", "wontFix"] as const) {
        expect(await moveIssue(svc, { id, to })).toEqual({ ok: false, code: "closed" });
      }
      expect(await linkPatch(svc, { id, patch: "tidebound/2.3" })).toEqual({ ok: false, code: "closed" });
      expect(await addIssueInfo(svc, { id, comment: "Still there", attachments: [] })).toEqual({
        ok: false,
        code: "notNeedingInfo",
      });
      const status = issueCommands.find((c) => c.name === "support:issues.status")!;
      await expect(status.run(svc, { id, to: "confirmed" } as never)).rejects.toThrow(
        /cannot be moved again/,
      );
    }
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
    expect((await issueStatus(database.db, fixed.id))?.status).toBe("fixed");
    expect((await issueStatus(database.db, closed.id))?.status).toBe("wontFix");
  });

  it("two changes crossing: exactly one wins, and only its e-mail is sent", async () => {
    const { id } = await report();
    const results = await Promise.all([
      moveIssue(svc, { id, to: "confirmed" }),
      moveIssue(svc, { id, to: "wontFix" }),
      linkPatch(svc, { id, patch: "tidebound/2.4" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await mails("issue-report-status")).toHaveLength(1);
    const winner = results.find((r) => r.ok);
    const [row] = await database.db.select().from(issueReports).where(eq(issueReports.id, id));
    expect(winner?.ok && row!.status).toBe(winner?.ok && winner.status.status);
  });

  it("the reporter's answer crossing the studio's move: exactly one wins", async () => {
    const { id } = await report();
    await moveIssue(svc, { id, to: "needsInfo", note: "Your version?" });
    const [added, moved] = await Promise.all([
      addIssueInfo(svc, { id, comment: "Version 2.3.1", attachments: [] }),
      moveIssue(svc, { id, to: "wontFix" }),
    ]);
    expect([added.ok, moved.ok].filter(Boolean)).toHaveLength(1);
  });

  it("lists by status and game", async () => {
    const { id } = await report("list@example.com");
    await moveIssue(svc, { id, to: "confirmed" });
    const listed = await listIssueReports(database.db, { status: "confirmed", game: "tidebound" });
    expect(listed.find((r) => r.id === id)).toMatchObject({ email: "list@example.com", status: "confirmed" });
    expect(await listIssueReports(database.db, { game: "ashen-covenant" })).toEqual([]);
  });
});

describe("a deleted issue report", () => {
  it("cannot be moved or linked to a patch by the tool: refused with a clear message, nothing changed", async () => {
    const { id, token } = await report("efface@example.com");
    // The reporter's own "Delete now" (the data-rights deletion behind the status page).
    expect(await deleteByStatusLink(svc, token)).toEqual({ ok: true, kind: "issueReport" });
    await database.db.delete(outboxEmails);
    const counts = async () => ({
      links: await database.db.$count(statusLinks),
      reports: await database.db.$count(issueReports),
      stages: await database.db.$count(issueReportStages),
    });
    const before = await counts();
    const status = issueCommands.find((c) => c.name === "support:issues.status")!;
    for (const to of ["confirmed", "needsInfo", "wontFix"]) {
      await expect(status.run(svc as never, { id, to } as never)).rejects.toThrow(
        /No issue report has this id: it may have been deleted/,
      );
    }
    const linkPatchCommand = issueCommands.find((c) => c.name === "support:issues.link-patch")!;
    await expect(linkPatchCommand.run(svc as never, { id, patch: "tidebound/2.4" } as never)).rejects.toThrow(
      /No issue report has this id/,
    );
    expect(await database.db.select().from(issueReports).where(eq(issueReports.id, id))).toEqual([]);
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
    expect(await counts()).toEqual(before);
  });
});

describe("a lost link asked for again", () => {
  it("sends fresh links to the address's reports and messages, never repeating what the visitor typed", async () => {
    const { id } = await report("both@example.com");
    // A message someone else sent with this address: its subject must not reach the address.
    const [message] = await database.db
      .insert(contactMessages)
      .values({
        category: "press",
        name: "Ana",
        email: "both@example.com",
        subject: "Click http://evil.example now",
        message: "A message long enough to be a message.",
        language: "en",
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    await database.db.delete(outboxEmails);
    await sendStatusLinks(svc, "BOTH@example.com", "en");
    const [mail] = await mails("status-links");
    expect(mail!.to).toBe("BOTH@example.com");
    expect(mail!.text).not.toContain("evil.example");
    expect(mail!.text).not.toContain("storm chapter");
    expect(mail!.text).toContain("Press and media");
    const tokens = [...mail!.text!.matchAll(/\/status\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
    const opened = await Promise.all(tokens.map((token) => findStatusLink(database.db, token)));
    expect(opened).toEqual(
      expect.arrayContaining([
        { kind: "issueReport", itemId: id },
        { kind: "contact", itemId: message!.id },
      ]),
    );
    const links = await database.db
      .select()
      .from(statusLinks)
      .where(and(eq(statusLinks.kind, "issueReport"), eq(statusLinks.itemId, id)));
    expect(links).toHaveLength(2);
  });
});
