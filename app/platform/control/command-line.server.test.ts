import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineCommand } from "./command";
import { parseCommandLine, runCommandLine } from "./command-line.server";

describe("parseCommandLine", () => {
  it("takes the first word as the verb and each flag with its value, or true", () => {
    expect(
      parseCommandLine(["invite", "--id", "abc", "--at=2027-01-23T09:30", "--json", "--note", "Bring it"]),
    ).toEqual({
      verb: "invite",
      flags: { id: "abc", at: "2027-01-23T09:30", json: true, note: "Bring it" },
      extra: [],
    });
    expect(parseCommandLine(["list", "--answered", "--site", "quebec", "--not-invited"])).toEqual({
      verb: "list",
      flags: { answered: true, site: "quebec", "not-invited": true },
      extra: [],
    });
    expect(parseCommandLine([])).toEqual({ verb: undefined, flags: {}, extra: [] });
  });
});

describe("runCommandLine", () => {
  const commands = [
    defineCommand({
      name: "demo.show",
      usage: "show --id ID",
      args: z.strictObject({ id: z.string({ error: "required" }) }),
      run: async () => "never run in this test",
      print: (r) => r,
    }),
  ];
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  async function run(argv: string[]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-"));
    dirs.push(dir);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCommandLine({
      tool: "demo",
      commands,
      argv,
      env: { DATA_DIR: dir },
      output: { out: (t) => out.push(t), err: (t) => err.push(t) },
    });
    return { code, out: out.join("\n"), err: err.join("\n"), dir };
  }

  it("lists every verb's usage for an unknown or missing verb, with status 2", async () => {
    for (const argv of [["nope"], []]) {
      const { code, out, err } = await run(argv);
      expect(code).toBe(2);
      expect(out).toBe("");
      expect(err).toContain("  show --id ID");
    }
  });

  it("refuses flags the command's schema refuses before opening any database, with status 1", async () => {
    const { code, err, dir } = await run(["show", "--idd", "x"]);
    expect(code).toBe(1);
    expect(err).toContain("--id: required");
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
