import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteCookies } from "~/features/consent/index.server";
import { cookiesDocFile, withCookiesDocPart } from "./cookies-doc";

const root = path.join(import.meta.dirname, "..");

describe("docs/privacy/cookies.md", () => {
  it("lists the site's cookies as the cookie list has them (else: npm run docs:cookies)", () => {
    const doc = fs.readFileSync(cookiesDocFile(root), "utf8");
    expect(doc).toBe(withCookiesDocPart(doc, siteCookies()));
  });
});
