import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";

/**
 * An account made, verified and signed in through the site's JSON API; the `Cookie` header its
 * sign-in gives (the session and the browser's sign-in hint, as a browser would send them). The
 * verification e-mail is read from `mailDir` (the site's DATA_DIR/mail, where it writes e-mails
 * without a mail server).
 */
export async function signIn(siteUrl: string, mailDir: string): Promise<string> {
  const email = `js-budget-${Date.now()}@example.com`;
  const password = "Kettle-Storm-42";
  const post = (endpoint: string, body: unknown) =>
    fetch(`${siteUrl}/api/account/${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: siteUrl },
      body: JSON.stringify(body),
    });
  const created = await post("create", {
    username: `budget${Date.now() % 1e8}`,
    email,
    password,
    confirmPassword: password,
    dateOfBirth: "1990-04-12",
    tos: true,
  });
  if (created.status !== 201) throw new Error(`account create: ${created.status} ${await created.text()}`);
  const deadline = Date.now() + 120_000;
  let file: string | undefined;
  while (!file) {
    file = (fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []).find(
      (f) => f.includes("account-verify") && f.includes(email),
    );
    if (file) break;
    if (Date.now() > deadline) throw new Error(`no verification e-mail in ${mailDir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const mail = await simpleParser(fs.readFileSync(path.join(mailDir, file)));
  const token = /token=([\w-]+)/.exec(mail.text ?? "")?.[1];
  if (!token) throw new Error("no token in the verification e-mail");
  const validated = await post("validate", { token });
  if (!validated.ok) throw new Error(`account validate: ${validated.status}`);
  const login = await post("login", { identifier: email, password });
  const cookies = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !/=$/.test(c));
  if (!login.ok || !cookies.some((c) => /^(__Host-)?studio_session=/.test(c)))
    throw new Error(`account login: ${login.status} ${await login.text()}`);
  return cookies.join("; ");
}
