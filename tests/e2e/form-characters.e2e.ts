import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountPassword, createVerifiedAccount } from "./support/accounts";
import { type Site, startSite, waitForMailFile } from "./support/harness";

/**
 * A control character in a form field no visitor types (a button's intent, a hidden token, a
 * choice) is refused the same way on every page action: 400, with a message naming the field
 * (parseForm / readForm, docs/decisions/0018-control-characters-and-fuzzing.md), never another
 * page's answer ("invalid link", INVALID_PARAMETERS, a redirect).
 */

let site: Site;
let sessionCookie: string;
let managePath: string;
let alertId: string;

beforeAll(async () => {
  site = await startSite({ env: { PAGE_CACHE_TTL_SECONDS: "0" } });
  await createVerifiedAccount(site, { username: "nul_probe", email: "nul.probe@example.com" });
  const login = await fetch(`${site.url}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ identifier: "nul_probe", password: accountPassword }),
  });
  expect(login.status).toBe(200);
  sessionCookie = login.headers.getSetCookie()[0]!.split(";")[0]!;
  const created = await fetch(`${site.url}/api/open/office-job-subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Nul probe", email: "nul.alerts@example.com", language: "en" }),
  });
  expect(created.status).toBe(202);
  const mail = await simpleParser(await waitForMailFile(site, "alert", "nul.alerts@example.com"));
  const link = /https?:\/\/\S+?(\/alerts\/manage\/([0-9a-f-]{36})\/[\w-]{43})/.exec(mail.text ?? "");
  expect(link).not.toBeNull();
  managePath = link![1]!;
  alertId = link![2]!;
  // Confirmed, so the link's other forms (stop, remove, edit) answer too.
  const confirmed = await fetch(`${site.url}${managePath}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
    body: new URLSearchParams({ intent: "confirm" }),
    redirect: "manual",
  });
  expect(confirmed.status).toBe(303);
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

/** Posts a form as React Router's fetch does (a data request), as the page's own form would. */
async function post(path: string, form: Record<string, string>, cookie?: string) {
  const res = await fetch(`${site.url}${path}.data`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: site.url,
      ...(cookie && { cookie }),
    },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  return { status: res.status, body: await res.text() };
}

describe("a control character in a form field no visitor types", () => {
  const cases: Array<{
    page: string;
    path: () => string;
    form: () => Record<string, string>;
    field: string;
  }> = [
    {
      page: "playtest removal",
      path: () => "/playtesting/remove",
      form: () => ({ token: "a-token\u0000" }),
      field: "token",
    },
    {
      page: "FAQ vote",
      path: () => "/support/faq/how-do-i-reset-my-password",
      form: () => ({ helpful: "yes\u0000" }),
      field: "helpful",
    },
    {
      page: "alert management (intent)",
      path: () => managePath,
      form: () => ({ intent: "stop\u0000", alertId }),
      field: "intent",
    },
    {
      page: "alert management (alert id)",
      path: () => managePath,
      form: () => ({ intent: "stop", alertId: `${alertId}\u0000` }),
      field: "alertId",
    },
    {
      page: "account platforms",
      path: () => "/account/platforms",
      form: () => ({ intent: "disconnect", platform: "steam\u0000" }),
      field: "platform",
    },
  ];

  it.each(cases)("$page answers 400 naming the field", async ({ path, form, field }) => {
    const answer = await post(path(), form(), sessionCookie);
    expect(answer.status).toBe(400);
    expect(answer.body).toContain(`${field}: forms:validation.characters`);
  });

  it("the alert's edit form still gets the message on the field it was typed in", async () => {
    const answer = await post(
      managePath,
      { intent: "update", alertId, name: "Nul\u0000probe", language: "en" },
      sessionCookie,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("forms:validation.characters");
  });
});
