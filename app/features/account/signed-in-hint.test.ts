import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { usernameField } from "./account-forms";
import { signedInHintCookie } from "./account-http.server";
import { parseSignedInHint, signedInHintValue } from "./signed-in-hint";

const username = fc.stringMatching(/^[A-Za-z0-9_.-]{3,24}$/);
const until = fc.integer({ min: 1_700_000_000, max: 4_000_000_000 });

describe("the sign-in hint", () => {
  it("gives back the end and the username a sign-in wrote, through its Set-Cookie and document.cookie", () => {
    fc.assert(
      fc.property(until, username, (end, name) => {
        // Every username the account form accepts is one the hint carries.
        expect(usernameField().safeParse(name).success).toBe(true);
        const now = new Date((end - 3600) * 1000);
        const setCookie = signedInHintCookie({ secureCookies: true }, new Date(end * 1000), name, now);
        expect(setCookie).toMatch(/; Max-Age=3600; .*; Secure$/);
        expect(setCookie).not.toMatch(/HttpOnly/);
        const asSent = setCookie.split(";")[0] as string;
        expect(asSent).toBe(`__Host-studio_signed_in=${end}.${name}`);
        expect(parseSignedInHint(signedInHintValue(`_ga=GA1.1.1; ${asSent}`))).toEqual({
          until: end,
          username: name,
        });
      }),
    );
  });

  it("is no hint when the value is not one: an older hint (the end alone), a name out of the form's rules, nothing", () => {
    expect(parseSignedInHint("1800000000")).toBeNull();
    expect(parseSignedInHint(undefined)).toBeNull();
    // A character no username has, anywhere in the name: not a hint.
    fc.assert(
      fc.property(
        until,
        username,
        fc.constantFrom(";", " ", "<", '"', ",", "é", "/"),
        fc.nat(),
        (end, name, bad, at) => {
          const cut = at % (name.length + 1);
          expect(parseSignedInHint(`${end}.${name.slice(0, cut)}${bad}${name.slice(cut)}`)).toBeNull();
        },
      ),
    );
    expect(parseSignedInHint("1800000000.<script>")).toBeNull();
    expect(parseSignedInHint("1800000000.ab")).toBeNull();
  });
});
