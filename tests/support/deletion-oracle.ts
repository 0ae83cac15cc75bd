import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import type { Db } from "~/platform/db/client.server";

/**
 * The deletion oracle: after a person's data is deleted, by whichever path, nothing of it may be
 * found anywhere the site keeps anything. What it looks for, case ignored:
 * - the e-mail address and the name;
 * - the ids of the items deleted, and phrases only those items contained (a cover letter's
 *   sentence, a message, a report's description);
 * - every raw token the person was sent (status, survey, removal, data-rights, alert links,
 *   a session's cookie) and its SHA-256, in hex and in base64url, the ways the site stores them.
 * Where it looks: every column of every table of the database's schema (each row read as JSON
 * text, so text, JSON, uuid and array columns alike), every file under the data folder (the
 * file store's uploads and anything else there) by name and by bytes, and every e-mail file
 * under DATA_DIR/mail decoded (its subject, addresses, text and HTML, whatever the transfer
 * encoding).
 */
export type Traces = {
  email?: string;
  name?: string;
  ids?: readonly string[];
  phrases?: readonly string[];
  tokens?: readonly string[];
};

type Needle = { what: string; value: string };

const sha256 = (token: string) => crypto.createHash("sha256").update(token, "utf8").digest();

function needlesOf(traces: Traces): Needle[] {
  const needles: Needle[] = [];
  const add = (what: string, value: string | undefined) => {
    if (value) needles.push({ what, value: value.toLowerCase() });
  };
  add("the e-mail address", traces.email);
  add("the name", traces.name);
  for (const id of traces.ids ?? []) add(`the id ${id}`, id);
  for (const phrase of traces.phrases ?? []) add(`the phrase "${phrase}"`, phrase);
  for (const token of traces.tokens ?? []) {
    const short = `${token.slice(0, 6)}…`;
    add(`the token ${short}`, token);
    add(`the SHA-256 (hex) of the token ${short}`, sha256(token).toString("hex"));
    add(`the SHA-256 (base64url) of the token ${short}`, sha256(token).toString("base64url"));
  }
  return needles;
}

const hits = (needles: readonly Needle[], text: string) => {
  const lower = text.toLowerCase();
  return needles.filter((needle) => lower.includes(needle.value));
};

/** Every row of every table of the current schema, each as its JSON text, by table. */
async function tableRows(db: Db): Promise<Array<{ table: string; rows: string[] }>> {
  const result = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`);
  const names = (result as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
  if (names.length === 0) throw new Error("the oracle found no table: wrong database or schema");
  const tables = [];
  for (const name of names) {
    const rows = await db.execute(sql.raw(`select row_to_json(t)::text as row from "${name}" t`));
    tables.push({
      table: name,
      rows: (rows as unknown as { rows: Array<{ row: string }> }).rows.map((r) => r.row),
    });
  }
  return tables;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Where any of `traces` is still found: one line per place and trace ("table job_applications:
 * the e-mail address", "file uploads/…: the name", "e-mail mail/….eml: the token abc123…").
 * Empty when the deletion left nothing.
 */
export async function findTraces(where: { db: Db; dataDir: string }, traces: Traces): Promise<string[]> {
  const needles = needlesOf(traces);
  if (needles.length === 0) throw new Error("the oracle was given nothing to look for");
  const found: string[] = [];
  for (const { table, rows } of await tableRows(where.db)) {
    const inTable = new Set(rows.flatMap((row) => hits(needles, row).map((needle) => needle.what)));
    for (const what of inTable) found.push(`table ${table}: ${what}`);
  }
  for (const file of filesUnder(where.dataDir)) {
    const relative = path.relative(where.dataDir, file);
    const bytes = fs.readFileSync(file);
    let text = `${relative}\n${bytes.toString("latin1")}`;
    if (file.endsWith(".eml")) {
      const mail = await simpleParser(bytes);
      const addresses = [mail.to, mail.cc, mail.bcc, mail.replyTo, mail.from]
        .flat()
        .filter((value) => value !== undefined)
        .map((value) => value.text);
      text += [mail.subject ?? "", ...addresses, mail.text ?? "", mail.html || ""].join("\n");
      for (const attachment of mail.attachments)
        text += `\n${attachment.filename ?? ""}\n${attachment.content.toString("latin1")}`;
    }
    const kind = file.endsWith(".eml") ? "e-mail" : "file";
    for (const needle of new Set(hits(needles, text).map((n) => n.what)))
      found.push(`${kind} ${relative}: ${needle}`);
  }
  return found;
}

/** The decoded text of every e-mail under DATA_DIR/mail: its recipients, text and HTML. */
export async function mailedTexts(dataDir: string): Promise<string[]> {
  const texts: string[] = [];
  for (const file of filesUnder(path.join(dataDir, "mail")).filter((f) => f.endsWith(".eml"))) {
    const mail = await simpleParser(fs.readFileSync(file));
    const to = [mail.to]
      .flat()
      .filter((value) => value !== undefined)
      .map((value) => value.text);
    texts.push([...to, mail.text ?? "", mail.html || ""].join("\n"));
  }
  return texts;
}

/**
 * The tokens of the private links in the e-mails under DATA_DIR/mail that mention `about` (an
 * address, case ignored): what the person received, to look for once deleted.
 */
export async function tokensMailedAbout(dataDir: string, about: string): Promise<string[]> {
  const tokens = new Set<string>();
  for (const text of await mailedTexts(dataDir)) {
    if (!text.toLowerCase().includes(about.toLowerCase())) continue;
    for (const match of text.matchAll(/[/=]([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g)) tokens.add(match[1]!);
  }
  return [...tokens];
}

/** The first capture of `pattern` in the e-mails mentioning `about`, or undefined. */
export async function mailedLink(
  dataDir: string,
  about: string,
  pattern: RegExp,
): Promise<string | undefined> {
  for (const text of await mailedTexts(dataDir)) {
    if (!text.toLowerCase().includes(about.toLowerCase())) continue;
    const found = pattern.exec(text)?.[1];
    if (found) return found;
  }
  return undefined;
}
