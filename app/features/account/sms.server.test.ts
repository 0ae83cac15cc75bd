import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { sendSms } from "./sms.server";

describe("sendSms without a provider", () => {
  it("writes the message to a file under DATA_DIR/sms", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sms-test-"));
    try {
      const config = parseConfig({ DATA_DIR: dir });
      await sendSms(config, "+14185550134", "123456 is your code");
      const files = fs.readdirSync(path.join(dir, "sms"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/14185550134\.txt$/);
      expect(fs.readFileSync(path.join(dir, "sms", files[0]!), "utf8")).toContain("123456 is your code");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
