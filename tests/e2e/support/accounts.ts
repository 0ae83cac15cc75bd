import { simpleParser } from "mailparser";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { type Site, waitForHydration, waitForMailFile } from "./harness";

/**
 * The password of the accounts made here: it passes the composition rule
 * (docs/requirements.md#validation-messages) and the breached-password check.
 */
export const accountPassword = "Kettle-Storm-42";

/**
 * An account created and verified through the API and the e-mail it sends, for tests of what
 * comes after (the create screens have their own test). It waits for the e-mail: call it inside
 * a test or a hook, whose time limit bounds that wait.
 */
export async function createVerifiedAccount(
  site: Site,
  account: { username: string; email: string; dateOfBirth?: string },
) {
  const post = (path: string, body: unknown) =>
    fetch(`${site.url}/api/account/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(body),
    });
  const created = await post("create", {
    username: account.username,
    email: account.email,
    password: accountPassword,
    confirmPassword: accountPassword,
    dateOfBirth: account.dateOfBirth ?? "1990-04-12",
    tos: true,
  });
  expect(created.status).toBe(201);
  const mail = await simpleParser(await waitForMailFile(site, "account-verify", account.email));
  const token = /token=([\w-]+)/.exec(mail.text ?? "")![1];
  expect((await post("validate", { token })).status).toBe(200);
}

/** Opens the login page and sends it; waiting for where it leads (overview, code step) is the caller's. */
export async function submitLogin(page: Page, site: Site, identifier: string, password = accountPassword) {
  await page.goto(`${site.url}/account/login`);
  await waitForHydration(page);
  await page.fill('[id="login-identifier"]', identifier);
  await page.fill('[id="login-password"]', password);
  await page.click("form#login button[type=submit]");
}
