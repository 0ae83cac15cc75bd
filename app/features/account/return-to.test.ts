import { describe, expect, it } from "vitest";
import { hostileInputs } from "~/platform/http/redirect-test-data";
import { afterSignIn, codeStepPath, loginPathFor } from "./return-to";

/**
 * Signing in leads back to the account page opened signed out
 * (docs/requirements.md#account-and-second-factor), and nowhere but the site's account area.
 */
const site = "https://studio.example";
const login = (returnTo: string, path = "/fr/account/login") =>
  `${site}${path}?${new URLSearchParams({ returnTo })}`;

describe("the return path through login", () => {
  it("names the account page opened signed out, in its language, and leads back to it", () => {
    const sent = loginPathFor({ url: `${site}/fr/account/data?delete=all`, method: "GET" }, "fr");
    expect(sent).toBe("/fr/account/login?returnTo=%2Ffr%2Faccount%2Fdata%3Fdelete%3Dall");
    expect(afterSignIn(`${site}${sent}`, "fr")).toBe("/fr/account/data?delete=all");
    // Through the second-factor step too.
    const code = codeStepPath(`${site}${sent}`, "fr");
    expect(code).toBe("/fr/account/code?returnTo=%2Ffr%2Faccount%2Fdata%3Fdelete%3Dall");
    expect(afterSignIn(`${site}${code}`, "fr")).toBe("/fr/account/data?delete=all");
  });

  it("names nothing for the account's home, nor for a post, whose form is gone", () => {
    expect(loginPathFor({ url: `${site}/account`, method: "GET" }, "en")).toBe("/account/login");
    expect(loginPathFor({ url: `${site}/es/account/delete`, method: "POST" }, "es")).toBe(
      "/es/account/login",
    );
    expect(afterSignIn(`${site}/es/account/login`, "es")).toBe("/es/account");
    expect(codeStepPath(`${site}/account/login`, "en")).toBe("/account/code");
  });

  it.each(hostileInputs)("leads home for a return path off the site: %j", (input) => {
    expect(afterSignIn(login(input), "fr")).toBe("/fr/account");
  });

  it("leads home for a page of the site outside the account area", () => {
    for (const input of ["/careers", "/fr/privacy/requests", "/accounts", "/fr/account/../careers"]) {
      expect(afterSignIn(login(input), "fr"), input).toBe("/fr/account");
    }
  });
});
