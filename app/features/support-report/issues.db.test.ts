import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database, Db } from "~/platform/db/client.server";
import { outboxEmails, uploads } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { deliverDueEmails } from "~/platform/mail/outbox.server";
import { startSmtpServer } from "~/platform/mail/test-smtp-server";
import { createSmtpTransport } from "~/platform/mail/transport.server";
import type { Services } from "~/platform/services.server";
import * as sample from "~/platform/uploads/test-samples";
import { createUploadStore, type UploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../../server/content-kinds";
import { serveApi, testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { issueSchema } from "./issue-form";
import { issueOwner, purgeExpiredIssueReports, submitIssueReport } from "./issue-report.server";
import { createIssuesApi } from "./issues-api.server";
import { issueReports } from "./tables";

let database: Database;
let db: Db;
let store: UploadStore;
let svc: Services;
let server: Awaited<ReturnType<typeof serveApi>>;
let api: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "issues-uploads-"));
const config = parseConfig({ PUBLIC_URL: "https://stormkettle.example", RATE_LIMIT_FORM_POINTS: "1000" });
const logger = createLogger("silent");

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await loadContent(db, testContent, contentKinds, logger);
  store = createUploadStore({
    db,
    files: createLocalFileStore(dir),
    limits: { maxFiles: 1, maxKb: 5000 },
    logger,
  });
  svc = testServices(database, config, { logger, uploads: store });
  server = await serveApi(createIssuesApi(svc));
  api = server.url;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await db.delete(issueReports);
  await db.delete(uploads);
  await db.delete(outboxEmails);
});

const report = {
  category: "save",
  game: "tidebound",
  platform: "windows",
  email: "mira@example.com",
  summary: "Save lost after the storm chapter",
  description: "After the storm in chapter 4 my save shows as empty. I attach the save file.",
  consent: true,
};
const saveFile = Buffer.from('<?xml version="1.0"?><save chapter="4"><ship name="Gull"/></save>', "utf8");

const post = (body: unknown, query = "") =>
  fetch(`${api}/issues${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("GET /api/issues/form", () => {
  it("lists categories, the studio's games and platforms in the language asked, with the upload limits", async () => {
    const res = await fetch(`${api}/issues/form?lang=fr`);
    expect(res.status).toBe(200);
    const form = await res.json();
    expect(form.categories).toContainEqual({ value: "crash", label: "Plantage ou gel" });
    expect(form.games.map((g: { value: string }) => g.value)).toEqual(
      expect.arrayContaining(["tidebound", "ashen-covenant", "emberfall-tactics", "the-lantern-court"]),
    );
    expect(form.platforms).toContainEqual({ value: "steam-deck", label: "Steam Deck" });
    expect(form.uploads).toEqual({ url: "/api/uploads", maxFiles: 1, maxKb: 5000 });
  });
});

describe("POST /api/issues", () => {
  it("stores the report, attaches the save file and mails it to support as an attachment", async () => {
    const [upload] = await store.save([{ name: "slot-1.lsx", bytes: saveFile }]);
    const res = await post({ ...report, attachments: [upload!.id] }, "?lang=es");
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [row] = await db.select().from(issueReports);
    expect(row).toMatchObject({ id, game: "tidebound", platform: "windows", language: "es" });
    const [file] = await db.select().from(uploads);
    expect(file!.attachedTo).toBe(issueOwner(id));
    const mails = await db.select().from(outboxEmails);
    const toSupport = mails.find((m) => m.kind === "issue-report")!;
    expect(toSupport.to).toBe("support@stormkettle.example");
    expect(toSupport.attachments).toEqual([
      { filename: "slot-1.lsx", file: `uploads/${upload!.id}`, contentType: "text/plain; charset=utf-8" },
    ]);
    const ack = mails.find((m) => m.kind === "issue-report-acknowledgement")!;
    expect(ack.to).toBe("mira@example.com");
    expect(ack.subject).toBe("Hemos recibido tu informe");
    expect(ack.text).not.toContain("storm chapter");

    const smtp = await startSmtpServer();
    try {
      const transport = createSmtpTransport(
        smtp.url,
        "Stormkettle <no-reply@stormkettle.example>",
        createLocalFileStore(dir),
      );
      await deliverDueEmails(db, transport, { maxAttempts: 3 });
      transport.close();
      const received = await smtp.waitFor(2);
      const mail = received.find((m) => m.subject?.includes("Save lost"))!;
      expect(mail.attachments.map((a) => a.filename)).toEqual(["slot-1.lsx"]);
      expect(mail.attachments[0]!.content.toString("utf8")).toBe(saveFile.toString("utf8"));
    } finally {
      await smtp.stop();
    }
  });

  it("refuses bad input with 400 messages and stores nothing half", async () => {
    const [upload] = await store.save([{ name: "shot.png", bytes: sample.png }]);
    const cases: unknown[] = [
      { ...report, game: "half-life-3", attachments: [upload!.id] },
      { ...report, attachments: ["00000000-0000-4000-8000-000000000000"] },
      { ...report, attachments: [upload!.id, upload!.id, "x"] },
      { ...report, email: "nope", description: "short" },
      { ...report, platform: "amiga" },
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect((await res.json()).messages.length).toBeGreaterThan(0);
    }
    expect(await db.select().from(issueReports)).toEqual([]);
    expect(await db.select().from(outboxEmails)).toEqual([]);
    // The upload stays free to use with a corrected report.
    const [file] = await db.select().from(uploads).where(eq(uploads.id, upload!.id));
    expect(file!.attachedTo).toBeNull();
  });

  it("drops a report whose honeypot is filled, answering as if it was sent", async () => {
    const res = await post({ ...report, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await db.select().from(issueReports)).toEqual([]);
  });
});

describe("reports without JavaScript and retention", () => {
  it("stores files posted with the form; refuses a renamed executable and stores nothing", async () => {
    const parsed = issueSchema.parse({ ...report, attachments: [new File([saveFile], "slot-2.lsx")] });
    const sent = await submitIssueReport(svc, parsed, { lang: "en" });
    expect(sent.status).toBe("sent");
    expect(await db.select().from(uploads)).toHaveLength(1);

    const exe = issueSchema.parse({
      ...report,
      attachments: [new File([sample.windowsExecutable], "save.lsx")],
    });
    await expect(submitIssueReport(svc, exe, { lang: "en" })).rejects.toMatchObject({
      status: 415,
      messages: ["File type is not supported."],
    });
    expect(await db.select().from(issueReports)).toHaveLength(1);
    expect(await db.select().from(uploads)).toHaveLength(1);
  });

  it("purges expired reports with their files", async () => {
    const [upload] = await store.save([{ name: "crash.log", bytes: sample.text }]);
    const parsed = issueSchema.parse({ ...report, attachments: [upload!.id] });
    await submitIssueReport(svc, parsed, { lang: "en", now: new Date("2024-01-01T00:00:00Z") });
    expect(fs.existsSync(path.join(dir, "uploads", upload!.id))).toBe(true);
    expect(await purgeExpiredIssueReports(svc, new Date("2026-06-01T00:00:00Z"))).toBe(1);
    expect(await db.select().from(issueReports)).toEqual([]);
    expect(await db.select().from(uploads)).toEqual([]);
    expect(fs.existsSync(path.join(dir, "uploads", upload!.id))).toBe(false);
  });
});
