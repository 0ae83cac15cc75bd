import fs from "node:fs";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { simpleParser } from "mailparser";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../support/s3-stand-in";
import { type Cluster, startCluster } from "./support/cluster";

/**
 * Two processes of the built site as on two machines (a DATA_DIR each) sharing PostgreSQL, Redis
 * and one S3-compatible bucket (FILE_STORE_URL, the in-process stand-in on 127.0.0.1): a file
 * sent through one is attached, mailed and downloaded through the other
 * (docs/decisions/0030-shared-file-store.md).
 */
const saveFile = "slot-1 chapter 4 storm\n";

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("files on two machines through one S3-compatible store", () => {
  let standIn: S3StandIn;
  let cluster: Cluster;
  let db: pg.Client;

  beforeAll(async () => {
    standIn = await startS3StandIn();
    cluster = await startCluster({
      name: "files",
      buildDir: inject("buildDir"),
      machines: true,
      env: { FILE_STORE_URL: standIn.url, MAIL_WORKER_INTERVAL_MS: "200" },
    });
    db = new pg.Client({ connectionString: cluster.database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await standIn?.close();
  });

  it("takes an upload on A, attaches, mails and exports it on B, and deletes it from the bucket", async () => {
    const [a, b] = cluster.sites as [(typeof cluster.sites)[0], (typeof cluster.sites)[0]];
    const body = new FormData();
    body.append("file", new Blob([saveFile]), "slot-1.lsx");
    const uploaded = await fetch(`${a.url}/api/uploads`, { method: "POST", body });
    expect(uploaded.status).toBe(200);
    const { id } = (await uploaded.json()) as { id: string };
    expect(standIn.keys()).toEqual([`uploads/${id}`]);

    const report = await fetch(`${b.url}/api/issues?lang=en`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        category: "save",
        game: "tidebound",
        platform: "windows",
        email: "mira@example.com",
        summary: "Save lost after the storm",
        description: "After the storm in chapter 4 my save shows as empty. I attach it.",
        consent: true,
        attachments: [id],
      }),
    });
    expect(report.status).toBe(201);

    // Support's copy carries the file, read from the bucket by whichever process sent it.
    await waitFor("support's e-mail sent", async () => {
      const { rows } = await db.query(
        "select 1 from outbox_emails where kind = 'issue-report' and status = 'sent'",
      );
      return rows.length ? true : undefined;
    });
    const written = cluster.dataDirs.flatMap((dir) => {
      const mail = path.join(dir, "mail");
      return fs.existsSync(mail) ? fs.readdirSync(mail).map((name) => path.join(mail, name)) : [];
    });
    const mails = await Promise.all(written.map(async (file) => simpleParser(fs.readFileSync(file))));
    const toSupport = mails.find((mail) => mail.attachments.length > 0);
    expect(toSupport?.attachments.map((att) => [att.filename, att.content.toString()])).toEqual([
      ["slot-1.lsx", saveFile],
    ]);

    // The reporter's "Download my data" on B packs the file A took.
    const { rows } = await db.query(
      "select text from outbox_emails where kind = 'issue-report-acknowledgement' and \"to\" = 'mira@example.com'",
    );
    const token = /\/status\/([A-Za-z0-9_-]{43})/.exec(rows[0]?.text ?? "")?.[1];
    expect(token).toBeDefined();
    const download = await fetch(`${b.url}/status/${token}/download`, { method: "POST" });
    expect(download.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const packed = Object.keys(zip).filter((name) => name.startsWith("files/"));
    expect(packed).toEqual([`files/${id}-slot-1.lsx`]);
    expect(strFromU8(zip[packed[0]!]!)).toBe(saveFile);

    // Neither machine kept the file on its own disk.
    for (const dir of cluster.dataDirs) expect(fs.existsSync(path.join(dir, "uploads"))).toBe(false);

    // "Delete now" through A: the file leaves the bucket.
    const deleted = await fetch(`${a.url}/status/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete" }),
      redirect: "manual",
    });
    expect(deleted.status).toBeLessThan(400);
    expect(standIn.keys().filter((key) => key.startsWith("uploads/"))).toEqual([]);
  });
});
