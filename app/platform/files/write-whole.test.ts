import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expectEach } from "../../../tests/support/expect-each";
import { writeWhole } from "./write-whole.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "write-whole-"));
  dirs.push(dir);
  return dir;
}

describe("writeWhole", () => {
  it("creates the folder and leaves only the finished file in it", async () => {
    const dir = path.join(tempDir(), "mail");
    await writeWhole(path.join(dir, "a.eml"), "hello", { replace: false });
    expect(fs.readdirSync(dir)).toEqual(["a.eml"]);
    expect(fs.readFileSync(path.join(dir, "a.eml"), "utf8")).toBe("hello");
  });

  it("never shows a watcher a partial file under the target's name", async () => {
    const dir = tempDir();
    const big = new Uint8Array(32 * 1024 * 1024).fill(65);
    const seen: number[] = [];
    const watcher = fs.watch(dir, (_event, name) => {
      if (name !== "big.bin") return;
      try {
        seen.push(fs.statSync(path.join(dir, name)).size);
      } catch {}
    });
    await writeWhole(path.join(dir, "big.bin"), big, { replace: false });
    // The watcher hears of the file after the write resolves.
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    watcher.close();
    expectEach(seen, (size) => size === big.length);
  });

  it("refuses to replace a file unless asked, and cleans up either way", async () => {
    const dir = tempDir();
    const file = path.join(dir, "kit.zip");
    await writeWhole(file, "one", { replace: false });
    await expect(writeWhole(file, "two", { replace: false })).rejects.toMatchObject({ code: "EEXIST" });
    expect(fs.readFileSync(file, "utf8")).toBe("one");
    await writeWhole(file, "three", { replace: true });
    expect(fs.readFileSync(file, "utf8")).toBe("three");
    expect(fs.readdirSync(dir)).toEqual(["kit.zip"]);
  });

  it("keeps the requested mode", async () => {
    const file = path.join(tempDir(), "secret.txt");
    await writeWhole(file, "x", { replace: false, mode: 0o600 });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
