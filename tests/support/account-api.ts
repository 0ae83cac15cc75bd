import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import YAML from "yaml";
import { createAccountApi } from "~/features/account/account-api.server";
import { accountDeps } from "~/features/account/account-budgets.server";
import { siteSettings } from "~/features/content/tables";
import { studioFileSchema } from "~/features/studio/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import { serveApi, testServices } from "./services";
import { testContent } from "./test-content";
import { createTestDatabase } from "./test-db";

/** The password of the accounts made here: it passes the password rule and the common-password list. */
export const accountPassword = "Kettle-Storm-42";

/** What tests of the account API share: a database, the API served, a data folder for texts. */
export type AccountApiKit = Awaited<ReturnType<typeof startAccountApi>>;

/**
 * The account API on a fresh database, served on a local port like server/api.ts serves it.
 * Text messages go to DATA_DIR/sms (no SMS provider configured). `env` adds configuration.
 */
export async function startAccountApi(env: Record<string, string> = {}) {
  const database: Database = await createTestDatabase();
  const db = database.db;
  const studio = studioFileSchema.parse(
    YAML.parse(fs.readFileSync(path.join(testContent, "studio.yaml"), "utf8")),
  );
  await db.insert(siteSettings).values({ key: "studio", value: studio });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "account-test-"));
  const publicUrl = "https://studio.example";
  const configOf = (more: Record<string, string> = {}) =>
    parseConfig({
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      RATE_LIMIT_FORM_POINTS: "1000",
      ...env,
      ...more,
    });
  const svc = testServices(database, configOf());
  const servers = [await serveApi(createAccountApi(svc))];
  const base = `${servers[0]!.url}/account`;

  /** A browser-like client of the API at `url`: keeps the cookies it is given, sends our Origin. */
  function client(url = base) {
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [name, value] = line.split(";")[0]!.split("=");
        if (/Max-Age=0/.test(line)) jar.delete(name!);
        else jar.set(name!, value!);
      }
      return res.headers.getSetCookie();
    };
    return {
      jar,
      async post(route: string, body: unknown = {}) {
        const res = await fetch(`${url}/${route}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: publicUrl, cookie: cookie() },
          body: JSON.stringify(body),
        });
        const cookies = keep(res);
        return { status: res.status, body: await res.json(), cookies };
      },
      async get(route: string) {
        const res = await fetch(`${url}/${route}`, { headers: { cookie: cookie() } });
        const cookies = keep(res);
        return { status: res.status, body: await res.json(), cookies };
      },
    };
  }

  /** The e-mails of one kind sent to an address, oldest first. */
  const mails = (kind: string, to: string) =>
    db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, kind))
      .then((rows) => rows.filter((row) => row.to === to));

  /**
   * The last e-mail of one kind to an address, waited for (forgot-password and
   * resend-verification do their work after answering).
   */
  const lastMail = (kind: string, to: string) =>
    vi.waitFor(
      async () => {
        const found = (await mails(kind, to)).at(-1);
        if (!found) throw new Error(`no ${kind} e-mail to ${to} yet`);
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );

  const tokenIn = (text: string) => /token=([\w-]+)/.exec(text)![1]!;

  /** The 6-digit code of the last text message sent. */
  function lastTextCode(): string {
    const dir = path.join(dataDir, "sms");
    const last = fs.readdirSync(dir).sort().at(-1)!;
    const body = fs.readFileSync(path.join(dir, last), "utf8").split("\n\n")[1]!;
    return /(\d{6})/.exec(body)![1]!;
  }

  /** Creates and verifies an account through the API; answers a client signed in to it. */
  async function signedIn(account: { username: string; email: string; password?: string }) {
    const c = client();
    const password = account.password ?? accountPassword;
    const created = await c.post("create", {
      username: account.username,
      email: account.email,
      password,
      confirmPassword: password,
      dateOfBirth: "1990-04-12",
      tos: true,
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}`);
    const token = tokenIn((await lastMail("account-verify", account.email)).text!);
    if ((await c.post("validate", { token })).status !== 200) throw new Error("validate failed");
    const login = await c.post("login", { identifier: account.username, password });
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    return c;
  }

  return {
    db,
    database,
    svc,
    deps: accountDeps(svc),
    publicUrl,
    base,
    client,
    mails,
    lastMail,
    tokenIn,
    lastTextCode,
    signedIn,
    /** The same API over the same database with other settings (e.g. a small form tier). */
    async another(more: Record<string, string>) {
      const api = await serveApi(createAccountApi(testServices(database, configOf(more))));
      servers.push(api);
      return `${api.url}/account`;
    },
    async close() {
      await Promise.all(servers.map((s) => s.close()));
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
