import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
};

function runChecker(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      // The checker exits with 1 when it reports an error: the report is what counts.
      (error, stdout, stderr) => {
        const output = (stderr || stdout).trim();
        try {
          resolve((JSON.parse(output) as { messages: VnuMessage[] }).messages);
        } catch {
          reject(new Error(`the HTML checker did not report: ${error?.message ?? ""}\n${output}`));
        }
      },
    );
  });
}

/**
 * The W3C HTML checker (the Nu Html Checker, `vnu-jar`; it runs on Java 11 or later) over pages
 * the test fetched: they are written to a temporary folder and checked in one run (one JVM
 * start). Resolves to the errors, each naming its page's address, line and column.
 */
export async function htmlErrors(pages: Record<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-html-"));
  try {
    const files: Record<string, string> = {};
    for (const [address, html] of Object.entries(pages)) {
      const name = `${address
        .replace(/^\/$/, "/home")
        .slice(1)
        .replace(/[^a-z0-9]+/gi, "_")}.html`;
      const file = path.join(dir, name);
      fs.writeFileSync(file, html);
      files[file] = address;
    }
    const messages = await runChecker(Object.keys(files));
    return messages
      .filter((m) => m.type === "error" || m.subType === "fatal" || m.type === "non-document-error")
      .map((m) => {
        const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
        const where = `${files[file] ?? path.basename(file)} (${path.basename(file)}:${m.lastLine ?? "?"}:${m.firstColumn ?? "?"})`;
        return `${where}: ${m.message}${m.extract ? ` — ${m.extract.replace(/\s+/g, " ").trim()}` : ""}`;
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
