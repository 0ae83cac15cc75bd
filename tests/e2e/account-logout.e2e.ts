import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Site, startSite } from "./support/harness";

/**
 * Signing out ends on the login page whatever happens (docs/requirements.md#account-and-second-factor):
 * a spent form budget must not keep a visitor signed in on a shared computer. Signing out
 * everywhere is a write like the others and keeps its budget.
 */
let site: Site;

beforeAll(async () => {
  site = await startSite({ env: { RATE_LIMIT_FORM_POINTS: "2" } });
});

afterAll(async () => {
  await site?.stop();
});

function post(intent: string) {
  return fetch(`${site.url}/account`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
    body: new URLSearchParams({ intent }),
  });
}

describe("signing out", () => {
  it("always signs out and lands on the login page, however many times it is posted", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post("logout");
      expect(res.status, `post ${i + 1}`).toBe(303);
      expect(res.headers.get("location")).toBe("/account/login");
      expect(res.headers.getSetCookie().join("\n")).toMatch(/session=;|Max-Age=0|Expires=Thu, 01 Jan 1970/);
    }
  });

  it("still counts signing out everywhere against the form budget", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post("global-logout")).status);
    expect(statuses).toEqual([303, 303, 429]);
  });

  it("refuses a sign-out posted from another site", async () => {
    const res = await fetch(`${site.url}/account`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "logout" }),
    });
    expect(res.status).toBe(403);
  });
});
