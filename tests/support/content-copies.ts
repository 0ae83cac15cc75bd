import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { testContent } from "./test-content";

export { testContent };

/**
 * Copies of the tests' content tree that a test may edit, removed after the file's tests.
 * Call at the top of a test file.
 */
export function contentCopies(): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "studio-content-"));
    made.push(root);
    const dir = path.join(root, "content");
    fs.cpSync(testContent, dir, { recursive: true });
    return dir;
  };
}
