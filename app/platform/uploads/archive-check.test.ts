import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { archiveLimits, checkArchive } from "./archive-check.server";
import { checkUploadContent } from "./content-check.server";
import * as sample from "./test-samples";

type Format = "zip" | "7z" | "rar";
const formats: Format[] = ["zip", "7z", "rar"];

/** The same files as a zip (fflate), a 7z (7-Zip) or a rar (RAR 5, stored). */
function archive(format: Format, files: sample.Files): Promise<Buffer> {
  if (format === "zip") return Promise.resolve(sample.zip(files));
  if (format === "rar") return Promise.resolve(sample.rar(files));
  return sample.sevenZipArchive(files);
}

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

const benign: sample.Files = {
  "logs/game.log": sample.text,
  "shots/crash.png": sample.png,
  "save.lsx": '<?xml version="1.0"?><save chapter="4"/>',
  "report.pdf": sample.pdf,
};
const benignBytes = Object.values(benign).reduce((sum, c) => sum + Buffer.byteLength(c), 0);

/** Entry names a player's folder may hold: folders, letters, digits, the usual extensions. */
const benignName = fc
  .tuple(
    fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9 _-]{0,11}$/), { maxLength: 2 }),
    fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,15}$/),
    fc.constantFrom("txt", "log", "lsx", "lsv", "png", "jpg", "pdf", "json", "ini", "dmp", "sav"),
  )
  .map(([folders, base, ext]) => [...folders, `${base.trim() || "file"}.${ext}`].join("/"));
const benignContent = fc.oneof(
  fc.string({ maxLength: 300 }).map((text) => `log: ${text}`),
  fc.constant<sample.Content>(sample.png),
  fc.constant<sample.Content>(sample.jpeg),
);
const benignFiles = fc.uniqueArray(fc.tuple(benignName, benignContent), {
  minLength: 1,
  maxLength: 6,
  selector: ([name]) => name.toLowerCase(),
});

describe("checkArchive: what is inside", () => {
  it.each(formats)(
    "accepts a %s of logs, saves, screenshots and documents, and reports what it holds",
    async (format) => {
      expect(await checkArchive(await archive(format, benign))).toEqual({
        ok: true,
        entries: 4,
        uncompressedBytes: benignBytes,
      });
    },
  );

  it("accepts any archive of ordinary files, whatever their names and text", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...formats), benignFiles, async (format, files) => {
        const verdict = await checkArchive(await archive(format, Object.fromEntries(files)));
        expect(verdict).toMatchObject({ ok: true });
      }),
      { numRuns: 25 },
    );
  });

  it.each(formats)(
    "refuses a %s holding a Windows, Linux or macOS program, whatever it is called",
    async (format) => {
      const programs = [
        ["setup.exe", sample.windowsExecutable],
        ["tools/helper", sample.linuxExecutable],
        ["readme.txt", sample.macExecutable],
      ] as const;
      for (const [name, bytes] of programs) {
        expect(await checkArchive(await archive(format, { ...benign, [name]: bytes }))).toEqual({
          ok: false,
          reason: `${name}: a program or script`,
        });
      }
    },
  );

  it("refuses any archive with an ELF executable among its entries, whatever its name or place", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...formats),
        benignFiles,
        fc.nat(),
        benignName,
        fc.uint8Array({ maxLength: 200 }),
        async (format, files, at, name, tail) => {
          const others = files.filter(([other]) => other.toLowerCase() !== name.toLowerCase());
          const elf = Buffer.concat([sample.linuxExecutable, tail]);
          others.splice(at % (others.length + 1), 0, [name, elf]);
          expect(await checkArchive(await archive(format, Object.fromEntries(others)))).toEqual({
            ok: false,
            reason: `${name}: a program or script`,
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  it.each(formats)(
    "refuses a %s holding a script, by its interpreter line or by its name",
    async (format) => {
      const scripts = [
        ["notes.txt", sample.shellScript],
        ["run.bat", "@echo off\r\ndel /q *\r\n"],
        ["Install.PS1", "Remove-Item -Recurse C:\\\\"],
        ["open-me.js", "WScript.CreateObject('WScript.Shell')"],
        ["fix.vbs.", "MsgBox 1"],
      ] as const;
      for (const [name, content] of scripts) {
        expect(await checkArchive(await archive(format, { ...benign, [name]: content }))).toEqual({
          ok: false,
          reason: `${name}: a program or script`,
        });
      }
    },
  );

  it("refuses entries named as programs or scripts even when they hold plain text", async () => {
    const programName = fc
      .tuple(
        benignName,
        fc.constantFrom(
          "exe",
          "bat",
          "cmd",
          "ps1",
          "sh",
          "js",
          "vbs",
          "msi",
          "scr",
          "jar",
          "apk",
          "dll",
          "com",
        ),
        fc.boolean(),
        fc.constantFrom("", ".", " ", ". "),
      )
      .map(([base, ext, upper, trail]) => `${base}.${upper ? ext.toUpperCase() : ext}${trail}`);
    await fc.assert(
      fc.asyncProperty(programName, async (name) => {
        expect(await checkArchive(sample.zip({ "readme.txt": "hi", [name]: "just text" }))).toEqual({
          ok: false,
          reason: `${name}: a program or script`,
        });
      }),
    );
  });
});

describe("checkArchive: archives inside archives", () => {
  it.each([
    ["zip", "7z"],
    ["7z", "rar"],
    ["rar", "zip"],
  ] as const)(
    "looks into a %s inside a %s: ordinary files pass, a program is found",
    async (inner, outer) => {
      const ok = await archive(outer, {
        "bundle.bin": await archive(inner, benign),
        "notes.txt": "see bundle",
      });
      expect(await checkArchive(ok)).toMatchObject({ ok: true, uncompressedBytes: expect.any(Number) });
      const bad = await archive(outer, {
        "bundle.bin": await archive(inner, { "logs/x.log": "x", run: sample.shellScript }),
      });
      expect(await checkArchive(bad)).toEqual({ ok: false, reason: "run: a program or script" });
    },
  );

  it.each([
    ["zip", "zip", "zip"],
    ["7z", "rar", "zip"],
    ["rar", "zip", "7z"],
  ] as const)(
    "refuses a %s inside a %s inside a %s, even of harmless files",
    async (deepest, middle, outer) => {
      const middleBytes = await archive(middle, {
        "deeper.dat": await archive(deepest, { "a.txt": "hello" }),
      });
      const outerBytes = await archive(outer, { "inner.dat": middleBytes });
      expect(await checkArchive(outerBytes)).toEqual({
        ok: false,
        reason: "deeper.dat: an archive inside an archive inside an archive",
      });
    },
  );

  it("refuses compressed files it cannot look into (gzip, tar)", async () => {
    const gzipped = zlib.gzipSync("log line\n");
    expect(await checkArchive(sample.zip({ "old.log.gz": gzipped }))).toEqual({
      ok: false,
      reason: "old.log.gz: a gz archive",
    });
    const tar = await sample.sevenZipArchive({ "a.log": "log line\n" }, { format: "tar" });
    expect(await checkArchive(sample.zip({ "logs.dat": tar }))).toEqual({
      ok: false,
      reason: "logs.dat: a tar archive",
    });
  });

  it("counts entries of inner archives against the same limit", async () => {
    const limits = { ...archiveLimits, maxEntries: 5 };
    const inner = sample.zip({ "a.txt": "a", "b.txt": "b", "c.txt": "c" });
    expect(await checkArchive(sample.zip({ "one.zip": inner }), limits)).toMatchObject({
      ok: true,
      entries: 4,
    });
    expect(await checkArchive(sample.zip({ "one.zip": inner, "two.zip": inner }), limits)).toEqual({
      ok: false,
      reason: "more than 5 entries",
    });
  });
});

describe("checkArchive: what cannot be checked", () => {
  it.each([
    [
      "a zip with an encrypted entry (ZipCrypto, by 7-Zip)",
      () => sample.sevenZipArchive(benign, { format: "zip", password: "pw" }),
    ],
    ["a 7z with encrypted data", () => sample.sevenZipArchive(benign, { password: "pw" })],
    [
      "a 7z with encrypted names",
      () => sample.sevenZipArchive(benign, { password: "pw", encryptHeaders: true }),
    ],
    ["a rar with encrypted entries", async () => sample.rar(benign, { encrypted: true })],
    ["a rar with encrypted headers", async () => sample.rar(benign, { encryptedHeaders: true })],
  ])("refuses %s", async (_what, make) => {
    // The reason is the reader's own words (libarchive, yauzl), each saying encryption.
    expect(await checkArchive(await make())).toEqual({
      ok: false,
      reason: expect.stringMatching(/encrypt/i),
    });
  });

  it("refuses a zip compressed in a way its reader cannot decode (BZip2, LZMA)", async () => {
    for (const method of ["BZip2", "LZMA"]) {
      const zip = await sample.sevenZipArchive(benign, { format: "zip", method });
      expect(await checkArchive(zip)).toEqual({
        ok: false,
        reason: expect.stringMatching(/compression method/),
      });
    }
  });

  it("looks into 7z archives however 7-Zip compressed them", async () => {
    for (const method of ["LZMA2", "LZMA", "PPMd", "BZip2", "Deflate", "Copy"]) {
      const ok = await sample.sevenZipArchive(benign, { method });
      expect(await checkArchive(ok)).toMatchObject({ ok: true });
      const bad = await sample.sevenZipArchive({ ...benign, tool: sample.linuxExecutable }, { method });
      expect(await checkArchive(bad)).toEqual({ ok: false, reason: "tool: a program or script" });
    }
  });

  it("refuses an encrypted archive inside a readable one", async () => {
    const inner = await sample.sevenZipArchive({ "a.txt": "hello" }, { password: "pw" });
    expect(await checkArchive(sample.zip({ "a.7z": inner }))).toEqual({
      ok: false,
      reason: "a.txt: encrypted",
    });
  });

  it("refuses links, which an unpacker would create pointing anywhere", async () => {
    const link = sample.zip({ "save.lsx": ["/etc/passwd", { os: 3, attrs: 0o120777 << 16 }] });
    expect(await checkArchive(link)).toEqual({ ok: false, reason: "save.lsx: a link or special file" });
  });

  it("refuses entry names that escape the folder they are unpacked in, and junk", async () => {
    // 7-Zip itself does not store such names, so only zip and rar are tried.
    expect(await checkArchive(sample.zip({ "../../etc/passwd": "root" }))).toMatchObject({ ok: false });
    expect(await checkArchive(sample.rar({ "../../etc/passwd": "root" }))).toMatchObject({ ok: false });
    expect(await checkArchive(sample.zip({ "/abs/path.txt": "x" }))).toMatchObject({ ok: false });
    expect(await checkArchive(sample.rar({ "/abs/path.txt": "x" }))).toMatchObject({ ok: false });
    expect(await checkArchive(Buffer.from("PK\u0003\u0004 not really a zip"))).toMatchObject({ ok: false });
    expect(await checkArchive(Buffer.from("7z\xbc\xaf\x27\x1c not really a 7z", "latin1"))).toMatchObject({
      ok: false,
    });
    expect(await checkArchive(sample.rar(benign).subarray(0, 60))).toMatchObject({ ok: false });
  });
});

describe("checkArchive: bombs", () => {
  it("accepts up to the entry limit and refuses one more", async () => {
    expect(await checkArchive(manyFiles(archiveLimits.maxEntries))).toMatchObject({ ok: true });
    expect(await checkArchive(manyFiles(archiveLimits.maxEntries + 1))).toEqual({
      ok: false,
      reason: `more than ${archiveLimits.maxEntries} entries`,
    });
  });

  it("refuses a huge declared uncompressed size and an impossible compression ratio", async () => {
    const small = sample.zip({ "a.bin": "x".repeat(2000), "b.bin": "y".repeat(2000) });
    expect(await checkArchive(declareUncompressed(small, 0xfffffff0))).toEqual({
      ok: false,
      reason: "uncompressed size",
    });
    // 50 MB declared from 2 KB stored: under the total limit, but no real data compresses so.
    expect(await checkArchive(declareUncompressed(small, 50 * 1024 * 1024))).toEqual({
      ok: false,
      reason: "compression ratio",
    });
  });

  it("refuses a 7z whose content is far larger than itself, and one over the total size", async () => {
    const zeros = await sample.sevenZipArchive({ "zeros.dat": Buffer.alloc(4 * 1024 * 1024) });
    expect(await checkArchive(zeros)).toEqual({ ok: false, reason: "compression ratio" });
    const text = await sample.sevenZipArchive({ "a.log": sample.text, "b.log": sample.text });
    expect(await checkArchive(text, { ...archiveLimits, maxUncompressedBytes: sample.text.length })).toEqual({
      ok: false,
      reason: "uncompressed size",
    });
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
