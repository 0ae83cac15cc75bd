import { describe, expect, it } from "vitest";
import { archiveLimits, checkZipArchive } from "./archive-check.server";
import { checkUploadContent } from "./content-check.server";
import * as sample from "./test-samples";

/**
 * Rewrites what every central-directory entry declares (a forged bomb): deflated, with this
 * uncompressed size; the stored bytes stay small.
 */
function declareUncompressed(zipBytes: Buffer, size: number): Buffer {
  const out = Buffer.from(zipBytes);
  for (let at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at !== -1; ) {
    out.writeUInt16LE(8, at + 10);
    out.writeUInt32LE(size, at + 24);
    at = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4);
  }
  return out;
}

const manyFiles = (count: number) =>
  sample.zip(Object.fromEntries(Array.from({ length: count }, (_, i) => [`saves/slot-${i}.lsv`, "x"])));

describe("checkZipArchive", () => {
  it("accepts an ordinary archive and reports what it holds", async () => {
    expect(
      await checkZipArchive(sample.zip({ "game.log": "boss fight crash\n", "save.lsx": "<save/>" })),
    ).toEqual({
      ok: true,
      entries: 2,
      uncompressedBytes: 24,
    });
    expect((await checkZipArchive(manyFiles(archiveLimits.maxEntries))).ok).toBe(true);
  });

  it("refuses more entries than the limit, from the declared count", async () => {
    expect(await checkZipArchive(manyFiles(archiveLimits.maxEntries + 1))).toEqual({
      ok: false,
      reason: `${archiveLimits.maxEntries + 1} entries`,
    });
  });

  it("refuses a huge declared uncompressed size and an impossible compression ratio", async () => {
    const small = sample.zip({ "a.bin": "x".repeat(2000), "b.bin": "y".repeat(2000) });
    expect(await checkZipArchive(declareUncompressed(small, 0xfffffff0))).toMatchObject({ ok: false });
    // 50 MB declared from 2 KB stored: under the total limit, but no real data compresses so.
    expect(await checkZipArchive(declareUncompressed(small, 50 * 1024 * 1024))).toEqual({
      ok: false,
      reason: "compression ratio",
    });
  });

  it("refuses entry names that escape the folder they are unpacked in, and junk", async () => {
    expect((await checkZipArchive(sample.zip({ "../../etc/passwd": "root" }))).ok).toBe(false);
    expect((await checkZipArchive(sample.zip({ "/abs/path.txt": "x" }))).ok).toBe(false);
    expect((await checkZipArchive(Buffer.from("PK\u0003\u0004 not really a zip"))).ok).toBe(false);
  });
});

describe("uploads of archives", () => {
  it("refuses zip bombs whatever their name, keeps ordinary zips", async () => {
    expect((await checkUploadContent("saves.zip", manyFiles(1500))).ok).toBe(false);
    const forged = declareUncompressed(sample.zip({ "a.bin": "x".repeat(2000) }), 0xfffffff0);
    expect((await checkUploadContent("logs.zip", forged)).ok).toBe(false);
    expect((await checkUploadContent("logs.zip", sample.zip({ "a.log": "hello" }))).ok).toBe(true);
  });
});
