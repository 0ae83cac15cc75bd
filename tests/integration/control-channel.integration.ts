import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Site, startSite } from "../e2e/support/harness";
import { playtestSignupFields } from "../e2e/support/submissions";

/**
 * The studio's tools against a running site on the embedded database (PGlite allows one
 * process): `npm run playtest:select` is a real child process that reaches the site through its
 * control channel (app/platform/control/channel.server.ts) while the site holds the database,
 * and opens the database itself once the site has stopped.
 */
const run = promisify(execFile);

/** The tool as the studio runs it, on the site's data folder; never a PostgreSQL server. */
async function playtestSelect(dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  return run("npm", ["run", "-s", "playtest:select", "--", ...args], {
    cwd: process.cwd(),
    env,
    timeout: 120_000,
  });
}

type Listed = { id: string; email: string; site: string; invitedAt: string | null };

describe("control channel: studio tools while the site runs on the embedded database", () => {
  let dataDir: string;
  let site: Site;
  const email = `ctl-${Date.now()}@example.com`;

  beforeAll(async () => {
    // Short: a Unix socket's path is limited to about 107 bytes.
    dataDir = fs.mkdtempSync("/tmp/ctl-");
    site = await startSite({ dataDir });
  });

  afterAll(async () => {
    await site?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists a new sign-up and invites it through the running site, whose mail worker sends the e-mail", async () => {
    const form = new URLSearchParams(playtestSignupFields("Léa Tremblay", email));
    const signup = await fetch(`${site.url}/playtesting`, {
      method: "POST",
      body: form,
      headers: { Origin: site.url },
      redirect: "manual",
    });
    expect(signup.status, await signup.text()).toBeGreaterThanOrEqual(300);
    expect(signup.headers.get("location")).toContain("/playtesting/survey?token=");

    const socket = path.join(dataDir, "control.sock");
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);

    const listed = await playtestSelect(dataDir, ["list", "--site", "quebec", "--not-invited", "--json"]);
    const rows = JSON.parse(listed.stdout) as Listed[];
    const mine = rows.find((row) => row.email === email);
    expect(mine, listed.stdout).toMatchObject({ site: "quebec", invitedAt: null });

    const human = await playtestSelect(dataDir, ["list", "--site", "quebec"]);
    expect(human.stdout).toContain(`Léa Tremblay <${email}>`);
    expect(human.stdout).toMatch(/\d+ sign-up\(s\)\n$/);

    const invited = await playtestSelect(dataDir, [
      "invite",
      "--id",
      mine!.id,
      "--at",
      "2027-02-10T09:30",
      "--note",
      "Bring your glasses",
    ]);
    // The office's local time, with its zone as people write it (Québec City is on Eastern time).
    expect(invited.stdout).toMatch(new RegExp(`^Invitation queued for ${email}: .*9:30\\sAM EST`));

    // Without SMTP_URL the site's mail worker writes each e-mail it sends as a file.
    const mailDir = path.join(dataDir, "mail");
    let sent: string | undefined;
    for (let until = Date.now() + 30_000; !sent && Date.now() < until; ) {
      sent = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).find(
        (file) => file.includes("playtest-invitation") && file.includes(email),
      );
      if (!sent) await new Promise((r) => setTimeout(r, 200));
    }
    expect(sent, "the invitation e-mail was written to DATA_DIR/mail").toBeDefined();
    expect(fs.readFileSync(path.join(mailDir, sent!), "utf8")).toContain("Bring your glasses");

    // A refusal is the command's own message, with status 1.
    const refused = await playtestSelect(dataDir, [
      "invite",
      "--id",
      "00000000-0000-4000-8000-000000000000",
      "--at",
      "2027-02-10T09:30",
    ]).catch((err: { code: number; stderr: string; stdout: string }) => err);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect((refused as { stderr: string }).stderr.trim()).toBe(
      "No sign-up 00000000-0000-4000-8000-000000000000",
    );
  });

  it("removes its socket when it stops, and the tool then opens the database itself", async () => {
    expect(await site.stop()).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "control.sock"))).toBe(false);
    const listed = await playtestSelect(dataDir, ["list", "--json"]);
    const mine = (JSON.parse(listed.stdout) as Listed[]).find((row) => row.email === email);
    expect(mine?.invitedAt).toEqual(expect.any(String));
  });
});
