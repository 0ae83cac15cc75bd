import { fileTypeFromBuffer } from "file-type";

/**
 * Programs and scripts are refused whatever they are called and wherever they are found: as an
 * upload of their own or as an entry of an uploaded archive, which support staff unpack and
 * open on their machines. One rule for both, read from a file's name and its first bytes.
 */

/** First bytes of files a computer runs as they are. */
const programSignatures: number[][] = [
  [0x4d, 0x5a], // MZ: Windows/DOS executables and DLLs
  [0x7f, 0x45, 0x4c, 0x46], // ELF: Linux and BSD executables
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32-bit
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O 64-bit
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32-bit, little-endian
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64-bit, little-endian
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal binary (and Java classes)
  [0xca, 0xfe, 0xba, 0xbf], // Mach-O universal binary, 64-bit
  [0x64, 0x65, 0x78, 0x0a], // "dex\n": Android bytecode
  [0x00, 0x61, 0x73, 0x6d], // "\0asm": WebAssembly
  [0x23, 0x21], // #!: scripts with an interpreter line
];

/** What file-type recognises that runs, installs, or carries macros. */
const programTypes = new Set([
  "exe",
  "elf",
  "macho",
  "class",
  "wasm",
  "jar",
  "apk",
  "crx",
  "xpi",
  "asar",
  "swf",
  "lnk",
  "alias",
  "reg",
  "chm",
  "deb",
  "rpm",
  "dmg",
  "cab",
  "docm",
  "dotm",
  "xlsm",
  "xltm",
  "pptm",
  "potm",
  "ppsm",
]);

/**
 * Names Windows, macOS, Linux or a runtime starts when the file is opened, including scripts,
 * which are plain text and so only known by their name. Drawn from the lists mail services block.
 */
const programExtensions = new Set([
  // Windows programs, libraries, installers and system files
  ...["exe", "com", "scr", "pif", "dll", "cpl", "ocx", "sys", "drv", "efi", "xll", "vxd", "gadget"],
  ...["msi", "msp", "mst", "msix", "msixbundle", "appx", "appxbundle", "application", "appref-ms", "cab"],
  // Windows scripts, shortcuts and consoles
  ...["bat", "cmd", "ps1", "psm1", "psd1", "ps1xml", "psc1", "vb", "vbs", "vbe", "js", "jse", "wsf"],
  ...["wsh", "wsc", "sct", "hta", "lnk", "url", "scf", "inf", "reg", "chm", "msc", "jnlp", "ins", "isp"],
  // Unix and macOS scripts, programs and packages
  ...["sh", "bash", "zsh", "ksh", "csh", "tcsh", "fish", "command", "run", "so", "dylib", "appimage"],
  ...["desktop", "app", "pkg", "mpkg", "dmg", "deb", "rpm", "applescript", "scpt", "workflow", "action"],
  // Cross-platform code
  ...["mjs", "cjs", "jar", "class", "apk", "aab", "xapk", "ipa", "dex", "wasm", "py", "pyc", "pyw"],
  ...["pyz", "pl", "rb", "php", "lua", "crx", "xpi"],
  // Office documents with macros
  ...["docm", "dotm", "xlsm", "xltm", "xlam", "pptm", "potm", "ppam", "ppsm", "sldm"],
]);

/**
 * The last extension of the base name, lower-cased. Trailing dots and spaces are ignored, as
 * Windows does: "setup.exe." runs as setup.exe.
 */
export function extensionOf(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[. ]+$/, "");
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/**
 * True when a file named `name` whose content starts with `bytes` is a program or a script.
 * `bytes` may be only the file's beginning (what file-type reads, 4100 bytes, is enough).
 */
export async function isProgram(name: string, bytes: Uint8Array): Promise<boolean> {
  if (programExtensions.has(extensionOf(name))) return true;
  if (programSignatures.some((signature) => startsWith(bytes, signature))) return true;
  const sniffed = await fileTypeFromBuffer(bytes);
  return sniffed !== undefined && programTypes.has(sniffed.ext);
}
