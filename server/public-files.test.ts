import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { afterAll, describe, expect, it } from "vitest";
import { onlyPublicEntries } from "./public-files";

const client = fs.mkdtempSync(path.join(os.tmpdir(), "public-files-"));
fs.mkdirSync(path.join(client, "brand"));
fs.mkdirSync(path.join(client, "assets"));
fs.writeFileSync(path.join(client, "brand", "logo.svg"), "<svg/>");
fs.writeFileSync(path.join(client, "robots.txt"), "");
afterAll(() => fs.rmSync(client, { recursive: true, force: true }));

/** Which handler a request path reaches: the static files or the next (pages). */
function reached(handler: RequestHandler, requestPath: string): "files" | "next" {
  let result: "files" | "next" | undefined;
  handler({ path: requestPath } as Request, {} as Response, () => {
    result = result ?? "next";
  });
  return result ?? "files";
}

describe("onlyPublicEntries", () => {
  const serve: RequestHandler = () => {};
  const handler = onlyPublicEntries(client, serve, ["assets"]);

  it("hands requests under a public folder or for a public file to the static files", () => {
    expect(reached(handler, "/brand/logo.svg")).toBe("files");
    expect(reached(handler, "/brand/missing.svg")).toBe("files");
    expect(reached(handler, "/brand")).toBe("files");
    expect(reached(handler, "/robots.txt")).toBe("files");
  });

  it("sends pages and skipped entries on without asking the file system", () => {
    expect(reached(handler, "/")).toBe("next");
    expect(reached(handler, "/careers")).toBe("next");
    expect(reached(handler, "/fr/careers")).toBe("next");
    expect(reached(handler, "/brandnew")).toBe("next");
    expect(reached(handler, "/x/../brand/logo.svg")).toBe("next");
    expect(reached(handler, "/assets/app.js")).toBe("next");
  });
});
