import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database, Db } from "~/platform/db/client.server";
import { outboxEmails, uploads } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import type { Services } from "~/platform/services.server";
import * as sample from "~/platform/uploads/test-samples";
import { createUploadRouter } from "~/platform/uploads/upload-routes.server";
import { createUploadStore, type UploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../../server/content-kinds";
import { serveApi, testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { issueSchema } from "./issue-form";
import { submitIssueReport } from "./issue-report.server";
import { createIssuesApi } from "./issues-api.server";
import { issueReports } from "./tables";

/** Issue reports with archives attached: what support unpacks must hold no program. */

let database: Database;
let db: Db;
let store: UploadStore;
let svc: Services;
let server: Awaited<ReturnType<typeof serveApi>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "issue-archives-"));
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
  server = await serveApi(createUploadRouter(store), createIssuesApi(svc));
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
  fs.rmSync(path.join(dir, "uploads"), { recursive: true, force: true });
});

const report = {
  category: "crash",
  game: "tidebound",
  platform: "windows",
  email: "mira@example.com",
  summary: "Crash when the storm starts",
  description: "The game closes when the storm starts in chapter 4. Logs and a screenshot attached.",
  consent: true,
};
const logs = { "crash.log": sample.text, "shots/storm.png": sample.png };

async function upload(name: string, bytes: Uint8Array<ArrayBuffer>) {
  const body = new FormData();
  body.append("file", new Blob([bytes]), name);
  const res = await fetch(`${server.url}/uploads`, { method: "POST", body });
  return { status: res.status, json: (await res.json()) as { id?: string; messages?: string[] } };
}

const postReport = (body: unknown) =>
  fetch(`${server.url}/issues`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

async function storedNothing() {
  return {
    reports: await db.$count(issueReports),
    uploads: await db.$count(uploads),
    mails: await db.$count(outboxEmails),
    files: fs.existsSync(path.join(dir, "uploads")) ? fs.readdirSync(path.join(dir, "uploads")).length : 0,
  };
}
const nothing = { reports: 0, uploads: 0, mails: 0, files: 0 };

const formats = [
  [
    "zip",
    async () => sample.zip(logs),
    async () => sample.zip({ ...logs, "tools/fix.exe": sample.windowsExecutable }),
  ],
  [
    "7z",
    () => sample.sevenZipArchive(logs),
    () => sample.sevenZipArchive({ ...logs, "run.sh": sample.shellScript }),
  ],
  ["rar", async () => sample.rar(logs), async () => sample.rar({ ...logs, helper: sample.linuxExecutable })],
] as const;

describe("POST /api/uploads then POST /api/issues with an archive", () => {
  it.each(formats)("sends a report with a %s of logs and screenshots", async (ext, benign) => {
    const sent = await upload(`logs.${ext}`, await benign());
    expect(sent.status).toBe(200);
    const res = await postReport({ ...report, attachments: [sent.json.id] });
    expect(res.status).toBe(201);
    expect(await storedNothing()).toMatchObject({ reports: 1, uploads: 1, files: 1 });
  });

  it.each(formats)(
    "refuses a %s holding a program with 415 and its text, storing nothing",
    async (ext, _benign, bad) => {
      const sent = await upload(`logs.${ext}`, await bad());
      expect(sent).toEqual({ status: 415, json: { messages: ["File type is not supported."] } });
      expect(await storedNothing()).toEqual(nothing);
    },
  );
});

describe("the report page without JavaScript, with an archive", () => {
  it.each(formats)(
    "refuses a %s holding a program and stores neither report nor file",
    async (ext, _benign, bad) => {
      const input = issueSchema.parse({ ...report, attachments: [new File([await bad()], `logs.${ext}`)] });
      await expect(submitIssueReport(svc, input, { lang: "en" })).rejects.toMatchObject({
        status: 415,
        messages: ["File type is not supported."],
      });
      expect(await storedNothing()).toEqual(nothing);
    },
  );
});
