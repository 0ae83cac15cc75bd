import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, openPglite, openPostgres } from "~/platform/db/client.server";
import { schemaTables } from "~/platform/db/move.server";
import { type Site, startSite, waitForMailFile } from "../e2e/support/harness";
import { expectEach } from "../support/expect-each";
import { createPostgresDatabase } from "./support/postgres";

/**
 * The restore drill of deploy/README.md ("Backups and restore"), on the embedded database and on
 * a PostgreSQL database of the test's own: a running site is given two applications with their
 * résumés, a contact message and an account; `npm run db:backup` backs it up; one applicant
 * deletes their application from its status page; `npm run db:restore` of that older backup is
 * refused while the site runs, then, the site stopped, puts it back and replays the erasure
 * journal: the applicant, their résumé, links and e-mails stay gone, and every table holds
 * exactly the rows it held before the restore.
 */
const run = promisify(execFile);
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Failed = { code: number; stdout: string; stderr: string };

/** An npm script of the site as the operator runs it, with the site's settings. */
function npm(script: string, args: string[], env: Record<string, string>) {
  const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", ...env };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  delete full.NODE_ENV;
  return run("npm", ["run", "-s", script, "--", ...args], {
    cwd: process.cwd(),
    env: full,
    timeout: 120_000,
  });
}

/** Every row of every table, each table's rows as sorted JSON text: what "the same data" means here. */
async function tablesOf(database: Database): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of await schemaTables(database.db)) {
    const result = (await database.db.execute(
      sql.raw(`select to_jsonb(t)::text as row from "${table.name}" t`),
    )) as unknown as { rows: { row: string }[] };
    tables[table.name] = result.rows.map((r) => r.row).sort();
  }
  return tables;
}

const resumePdf = (label: string) => `%PDF-1.4\n% ${label}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`;

async function post(site: Site, route: string, body: string, contentType = "application/json") {
  const answer = await fetch(`${site.url}${route}`, {
    method: "POST",
    headers: { "Content-Type": contentType, Origin: site.url },
    body,
    redirect: "manual",
  });
  return { status: answer.status, body: await answer.text() };
}

async function apply(site: Site, jobId: string, name: string, email: string) {
  const boundary = `b${crypto.randomBytes(6).toString("hex")}`;
  const upload = await post(
    site,
    "/api/uploads",
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="resume.pdf"\r\nContent-Type: application/pdf\r\n\r\n${resumePdf(email)}\r\n--${boundary}--\r\n`,
    `multipart/form-data; boundary=${boundary}`,
  );
  expect(upload.status, upload.body).toBe(200);
  const resume = (JSON.parse(upload.body) as { id: string }).id;
  const applied = await post(
    site,
    `/api/open/offices/job-offers/${jobId}/applications?lang=en`,
    JSON.stringify({
      name,
      email,
      phone: { country: "CA", number: "418 555 0134" },
      resume: [resume],
      coverLetter: "I would love to work on your tools.",
      portfolio: "https://example.com/portfolio",
      consent: true,
      website: "",
    }),
  );
  expect(applied.status, applied.body).toBe(201);
  return resume;
}

const kinds = [
  { label: "embedded database", postgres: false },
  { label: "PostgreSQL", postgres: true },
];

// Both at once: most of each is waiting on processes of its own.
describe.concurrent.each(kinds)("backup, erasure, restore: $label", ({ postgres }) => {
  it("restores the older backup without the erased applicant, every other table as before", async () => {
    // Short: the control socket's path is limited to about 107 bytes.
    const dataDir = fs.mkdtempSync("/tmp/bkp-");
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      BACKUP_DIR: path.join(dataDir, "backups"),
      ERASURE_JOURNAL_KEY: crypto.randomBytes(32).toString("hex"),
      DATA_DIR: dataDir,
      RATE_LIMIT_FORM_POINTS: "1000",
    };
    if (postgres) {
      const created = await createPostgresDatabase("studio_backup");
      cleanups.push(() => created.drop());
      env.DATABASE_URL = created.url;
    }
    const open = () =>
      postgres ? Promise.resolve(openPostgres(env.DATABASE_URL!, { max: 1 })) : openPglite(dataDir);
    const site = await startSite({ dataDir, env });
    cleanups.push(async () => {
      await site.stop();
    });

    // Populate through the site: two applications with their résumés, a contact message, an account.
    const offers = (await (await fetch(`${site.url}/api/offices/job-offers?lang=en`)).json()) as {
      items: { id: string }[];
    };
    const jobId = offers.items[0]!.id;
    const erased = { name: "Ada Erased", email: "ada.erased@example.com" };
    const kept = { name: "Bo Kept", email: "bo.kept@example.com" };
    const erasedResume = await apply(site, jobId, erased.name, erased.email);
    const keptResume = await apply(site, jobId, kept.name, kept.email);
    const contact = await post(
      site,
      "/api/contacts?lang=en",
      JSON.stringify({
        category: "general",
        name: "Léa Contact",
        email: "lea.contact@example.com",
        subject: "Playtest dates",
        message: "Hello! When does the next playtest start?",
        consent: true,
      }),
    );
    expect(contact.status, contact.body).toBe(201);
    const account = await post(
      site,
      "/api/account/create",
      JSON.stringify({
        username: "backup_drill",
        email: "backup.drill@example.com",
        password: "Kettle-Storm-42",
        confirmPassword: "Kettle-Storm-42",
        dateOfBirth: "1990-04-12",
        tos: true,
        language: "fr",
      }),
    );
    expect(account.status, account.body).toBeLessThan(300);
    // Every e-mail written, so that the outbox is the same in the backup as later.
    const received = await waitForMailFile(site, "job-application-received", erased.email);
    await waitForMailFile(site, "job-application-received", kept.email);

    const backedUp = await npm("db:backup", [], env);
    expect(backedUp.stdout).toMatch(/^backup written: /);
    const [backup] = fs.readdirSync(env.BACKUP_DIR!).filter((name) => !name.startsWith("."));
    const backupDir = path.join(env.BACKUP_DIR!, backup!);
    const entries = fs.readdirSync(backupDir, { recursive: true, withFileTypes: true });
    const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    expect(files.map((f) => path.relative(backupDir, f)).sort()).toEqual(
      [
        postgres ? "database.pgdump" : "database.pglite.tar.gz",
        `files/uploads/${erasedResume}`,
        `files/uploads/${keptResume}`,
        "manifest.json",
      ].sort(),
    );
    expectEach(files, (file) => (fs.statSync(file).mode & 0o777) === 0o600, "the backup's files, mode 0600");
    expect(fs.statSync(backupDir).mode & 0o777).toBe(0o700);

    // The applicant deletes their application from its status page ("Delete now").
    const token = /\/status\/([A-Za-z0-9_-]{43})/.exec(received)![1]!;
    const deleted = await post(
      site,
      `/status/${token}`,
      new URLSearchParams({ intent: "delete" }).toString(),
      "application/x-www-form-urlencoded",
    );
    expect(deleted.status, deleted.body).toBe(303);
    expect(fs.existsSync(path.join(dataDir, "uploads", erasedResume))).toBe(false);
    // The journal names the erasure by its keyed hash only.
    const journal = fs.readdirSync(path.join(dataDir, "erasure-journal"));
    expect(journal).toHaveLength(1);
    const journalFile = path.join(dataDir, "erasure-journal", journal[0]!);
    expect(fs.statSync(journalFile).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(journalFile, "utf8")).toMatch(
      /^\{"at":"[^"]+","kind":"application","hmac":"[0-9a-f]{64}"\}\n$/,
    );

    const refused = (await npm("db:restore", ["--from", backupDir], env).catch(
      (err: Failed) => err,
    )) as Failed;
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Refusing to restore while the site runs/);

    expect(await site.stop()).toBe(0);
    const before = await open();
    const tablesBefore = await tablesOf(before).finally(() => before.close());

    const restored = await npm("db:restore", ["--from", backupDir], env);
    expect(restored.stdout).toMatch(/erased again 1 application/);

    const after = await open();
    const tablesAfter = await tablesOf(after).finally(() => after.close());
    expect(Object.keys(tablesAfter).sort()).toEqual(Object.keys(tablesBefore).sort());
    for (const table of Object.keys(tablesBefore))
      expect(tablesAfter[table], table).toEqual(tablesBefore[table]);
    // Nothing of the applicant: not their application, their résumé, its link or their e-mails.
    const everything = JSON.stringify(tablesAfter);
    expect(everything).not.toContain(erased.email);
    expect(everything).not.toContain(erasedResume);
    expect(everything).toContain(kept.email);
    expect(everything).toContain("lea.contact@example.com");
    expect(everything).toContain("backup.drill@example.com");
    expect(fs.existsSync(path.join(dataDir, "uploads", erasedResume))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "uploads", keptResume))).toBe(true);
  });
});
