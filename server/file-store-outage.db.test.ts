import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPressFilesRouter } from "~/features/press/press-files-routes.server";
import { parseConfig } from "~/platform/config.server";
import { isFileStoreUnavailable } from "~/platform/files/file-store.server";
import { unavailableErrorHandler } from "~/platform/http/unavailable.server";
import { removeItemWithFiles } from "~/platform/privacy/personal-data";
import type { Services } from "~/platform/services.server";
import { png } from "~/platform/uploads/test-samples";
import { type S3StandIn, startS3StandIn } from "../tests/support/s3-stand-in";
import { createApi } from "./api";
import { boot, shutdown } from "./lifecycle";

/**
 * The site on an S3-compatible file store (FILE_STORE_URL, here the local stand-in) that stops
 * answering: uploads and downloads answer 503 with Retry-After, never 500, and work again once
 * it is back (docs/decisions/0030-shared-file-store.md).
 */
let dataDir: string;
let standIn: S3StandIn;
let server: ReturnType<express.Express["listen"]>;
let base: string;
let services: Services;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "file-store-outage-"));
  standIn = await startS3StandIn();
  services = await boot(
    parseConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      FILE_STORE_URL: standIn.url,
      LOG_LEVEL: "silent",
      RATE_LIMIT_FORM_POINTS: "100",
    }),
  );
  const app = express();
  app.use("/api", createApi(services));
  app.use(createPressFilesRouter(services));
  app.use(unavailableErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await shutdown();
  await standIn?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload() {
  const body = new FormData();
  body.append("file", new Blob([png]), "shot.png");
  return fetch(`${base}/api/uploads`, { method: "POST", body });
}

describe("an S3-compatible file store", { timeout: 60_000 }, () => {
  it("keeps uploads and press zips in its bucket, not on this machine's disk", async () => {
    const res = await upload();
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    const zip = await fetch(`${base}/press-kits/tidebound/kit.zip?lang=en`);
    expect(zip.status).toBe(200);
    expect((await zip.arrayBuffer()).byteLength).toBe(Number(zip.headers.get("content-length")));
    expect(standIn.keys()).toContain(`uploads/${id}`);
    expect(standIn.keys().some((key) => /^press-zips\/tidebound-en-\w+\.zip$/.test(key))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "press-zips"))).toBe(false);
  });

  it("answers 503 with Retry-After while it is down, never 500, and works again once back", async () => {
    const port = Number(new URL(standIn.url.replace(/^s3:/, "http:")).port);
    await standIn.stop();
    try {
      const refused = await upload();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(await refused.json()).toEqual({ messages: ["SERVICE_TEMPORARILY_UNAVAILABLE"] });

      // A zip stored before: it cannot be read.
      const stored = await fetch(`${base}/press-kits/tidebound/kit.zip?lang=en`);
      expect(stored.status).toBe(503);
      // A zip this process has not stored yet (another language) cannot be built into the store.
      const zip = await fetch(`${base}/press-kits/tidebound/kit.zip?lang=fr`);
      expect(zip.status).toBe(503);
      expect(zip.headers.get("retry-after")).toBe("10");
    } finally {
      await standIn.start(port);
    }
    expect((await upload()).status).toBe(200);
    expect((await fetch(`${base}/press-kits/tidebound/kit.zip?lang=fr`)).status).toBe(200);
  });

  it("refuses a data-rights deletion while it is down before deleting anything, then deletes it all", async () => {
    const [saved] = await services.uploads.save([
      { name: "log.txt", bytes: new TextEncoder().encode("a log") },
    ]);
    const owner = "issue-report:outage-test";
    await services.uploads.attach(services.db, [saved!.id], owner);
    let rowsDeleted = 0;
    const item = {
      kind: "issueReport",
      id: "outage-test",
      owner,
      deleteRow: async () => {
        rowsDeleted++;
        return true;
      },
    };
    const port = Number(new URL(standIn.url.replace(/^s3:/, "http:")).port);
    await standIn.stop();
    try {
      const err = await removeItemWithFiles(services, item).catch((e: unknown) => e);
      expect(isFileStoreUnavailable(err)).toBe(true);
      expect(rowsDeleted).toBe(0);
      expect(await services.uploads.owned(owner)).toHaveLength(1);
    } finally {
      await standIn.start(port);
    }
    expect(standIn.keys()).toContain(`uploads/${saved!.id}`);
    expect(await removeItemWithFiles(services, item)).toBe(true);
    expect(rowsDeleted).toBe(1);
    expect(await services.uploads.owned(owner)).toEqual([]);
    expect(standIn.keys()).not.toContain(`uploads/${saved!.id}`);
  });
});
