import zlib from "node:zlib";
import type { SevenZipModule } from "7z-wasm";
import { type ZipOptions, zipSync } from "fflate";

/**
 * Small but real files for the upload tests, built in memory so the repository carries no
 * binaries (and no executables, even harmless ones).
 */

/** A 1×1 transparent PNG. */
export const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=",
  "base64",
);

/** A one-page PDF with one line of text. */
export const pdf = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
    "",
  ].join("\n"),
  "latin1",
);

/** A JPEG's opening (SOI + JFIF APP0), which is what content sniffing reads. */
export const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0", "latin1"),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);

export const gif = Buffer.concat([
  Buffer.from("GIF89a", "latin1"),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
  Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
]);

export const text = Buffer.from("Crash at level 3 after the boss fight.\nGPU: integrated\n", "utf8");

/** Latin-1 "é" (0xE9) alone is not valid UTF-8. */
export const invalidUtf8 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);

/** The first bytes of a Windows executable (DOS header magic). */
export const windowsExecutable = Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(126)]);

/** The first bytes of a Linux executable (ELF magic, 64-bit, little-endian). */
export const linuxExecutable = Buffer.concat([
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]),
  Buffer.alloc(57),
]);

/** The first bytes of a macOS executable (Mach-O magic, 64-bit, little-endian). */
export const macExecutable = Buffer.concat([
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x07, 0x00, 0x00, 0x01]),
  Buffer.alloc(24),
]);

export const shellScript = Buffer.from("#!/bin/sh\necho hello\n", "utf8");

/** What an archive entry holds: text (UTF-8) or bytes. */
export type Content = string | Uint8Array;
export type Files = Record<string, Content>;

const bytesOf = (content: Content) => (typeof content === "string" ? Buffer.from(content, "utf8") : content);

/**
 * A zip archive of the given files, made with fflate: stored (not compressed) unless `level`
 * says otherwise. An entry given as `[content, options]` sets fflate's options for it, e.g.
 * `{ os: 3, attrs: 0o120777 << 16 }` for a Unix symbolic link.
 */
export function zip(
  files: Record<string, Content | [Content, ZipOptions]>,
  level: 0 | 6 = 0,
): Buffer<ArrayBuffer> {
  const entries = Object.entries(files).map(([name, entry]): [string, [Uint8Array, ZipOptions]] =>
    Array.isArray(entry) ? [name, [bytesOf(entry[0]), entry[1]]] : [name, [bytesOf(entry), {}]],
  );
  return Buffer.from(
    zipSync(Object.fromEntries(entries), { level, mtime: new Date("2026-01-01T00:00:00Z") }),
  );
}

/** A RAR 5 number: 7 bits a byte, lowest first, the high bit saying another byte follows. */
function vint(value: number): Buffer {
  const out: number[] = [];
  let rest = value;
  do {
    out.push((rest % 128) | (rest >= 128 ? 0x80 : 0));
    rest = Math.floor(rest / 128);
  } while (rest > 0);
  return Buffer.from(out);
}

/** A RAR 5 header block: CRC32, size, type, flags, then the type's fields and extra records. */
function rarBlock(type: number, fields: Buffer[], extra = Buffer.alloc(0), dataSize?: number): Buffer {
  const flags = (extra.length ? 0x0001 : 0) | (dataSize === undefined ? 0 : 0x0002);
  const body = Buffer.concat([
    vint(type),
    vint(flags),
    ...(extra.length ? [vint(extra.length)] : []),
    ...(dataSize === undefined ? [] : [vint(dataSize)]),
    ...fields,
    extra,
  ]);
  const sized = Buffer.concat([vint(body.length), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(zlib.crc32(sized));
  return Buffer.concat([crc, sized]);
}

const uint32 = (value: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32LE(value);
  return out;
};

/**
 * A RAR 5 archive holding the given files, stored (RAR's "store" method, no compression), built
 * here after RARLAB's format description because no free tool writes RAR. `encrypted` marks
 * each file as AES-encrypted (an encryption record, with random bytes where real ciphertext
 * would be); `encryptedHeaders` starts the archive with the header that says every following
 * header is encrypted. Checked while writing it with three independent readers: lsar/unar
 * (The Unarchiver), bsdtar (libarchive 3.6) and libarchive-wasm.
 */
export function rar(files: Files, { encrypted = false, encryptedHeaders = false } = {}): Buffer<ArrayBuffer> {
  const parts: Uint8Array[] = [Buffer.from("Rar!\x1a\x07\x01\x00", "latin1")];
  if (encryptedHeaders) {
    // Archive encryption header: version 0 (AES-256), no check value, 2^15 KDF rounds, salt.
    parts.push(
      rarBlock(4, [vint(0), vint(0), Buffer.from([15]), Buffer.alloc(16, 0x5a)]),
      Buffer.alloc(64, 0xa5),
    );
    return Buffer.concat(parts);
  }
  parts.push(rarBlock(1, [vint(0)])); // main archive header, no flags
  for (const [name, content] of Object.entries(files)) {
    const data = bytesOf(content);
    const nameBytes = Buffer.from(name, "utf8");
    // File encryption record: AES-256, no check value, 2^15 KDF rounds, salt and IV.
    const record = Buffer.concat([vint(1), vint(0), vint(0), Buffer.from([15]), Buffer.alloc(32, 0x5a)]);
    const extra = encrypted ? Buffer.concat([vint(record.length), record]) : Buffer.alloc(0);
    const fields = [
      vint(0x0004), // file flags: the data CRC32 follows
      vint(data.length),
      vint(0o100644), // Unix mode: a regular file
      uint32(zlib.crc32(data)),
      vint(0), // compression: version 0, method 0 (store)
      vint(1), // made on Unix
      vint(nameBytes.length),
      nameBytes,
    ];
    parts.push(rarBlock(2, fields, extra, data.length), data);
  }
  parts.push(rarBlock(5, [vint(0)])); // end of archive
  return Buffer.concat(parts);
}

let sevenZip: Promise<SevenZipModule> | undefined;
let runs = 0;

/**
 * An archive made by 7-Zip itself (7z-wasm: 7-Zip compiled to WebAssembly, a devDependency):
 * 7z (LZMA2, solid) unless `format` says "zip" or "tar"; `password` encrypts the data (ZipCrypto for a
 * zip, AES for 7z) and `encryptHeaders` also the 7z's list of names; `method` names the
 * compression (7-Zip's -m switch, e.g. "BZip2").
 */
export async function sevenZipArchive(
  files: Files,
  {
    format = "7z",
    password = "",
    encryptHeaders = false,
    method = "",
  }: { format?: "7z" | "zip" | "tar"; password?: string; encryptHeaders?: boolean; method?: string } = {},
): Promise<Buffer<ArrayBuffer>> {
  sevenZip ??= import("7z-wasm").then(({ default: load }) => load({ print: () => {}, printErr: () => {} }));
  const { FS, callMain } = await sevenZip;
  runs += 1;
  const dir = `/run-${runs}`;
  FS.mkdir(dir);
  FS.chdir(dir);
  const folders = new Set<string>();
  for (const [name, content] of Object.entries(files)) {
    const parts = name.split("/").slice(0, -1);
    for (const folder of parts.map((_, i) => parts.slice(0, i + 1).join("/"))) {
      if (!folders.has(folder)) FS.mkdir(folder);
      folders.add(folder);
    }
    FS.writeFile(name, bytesOf(content));
  }
  const out = `/out-${runs}.${format}`;
  callMain([
    "a",
    `-t${format}`,
    ...(password ? [`-p${password}`] : []),
    ...(encryptHeaders ? ["-mhe=on"] : []),
    ...(method ? [format === "zip" ? `-mm=${method}` : `-m0=${method}`] : []),
    out,
    ...Object.keys(files),
  ]);
  const archive = Buffer.from(FS.readFile(out));
  FS.unlink(out);
  return archive;
}

/** A minimal Word document: the parts that make a ZIP a .docx. */
export const docxParts = {
  "[Content_Types].xml":
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  "word/document.xml":
    '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>CV</w:t></w:r></w:p></w:body></w:document>',
};
export const docx = zip(docxParts);
