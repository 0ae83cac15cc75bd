import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mayLoad } from "./loader.server";

const time = fc.date({ min: new Date("2020-01-01"), max: new Date("2100-01-01"), noInvalidDate: true });
const files = fc.constantFrom("a".repeat(64), "b".repeat(64));
const format = fc.integer({ min: 1, max: 3 });
const stamped = fc.record({ stampedAt: time, files, format });
const unstamped = fc.record({ stampedAt: fc.constant(null), files, format });
const anyVersion = fc.oneof(stamped, unstamped);

describe("mayLoad: the order between content trees", () => {
  it("lets exactly one of two trees stamped apart (in time or loader format) load over the other", () => {
    fc.assert(
      fc.property(stamped, stamped, (a, b) => {
        fc.pre(a.stampedAt.getTime() !== b.stampedAt.getTime() || a.format !== b.format);
        expect([mayLoad(a, b), mayLoad(b, a)].filter((answer) => answer === true)).toHaveLength(1);
      }),
    );
  });

  it("lets neither of two trees with the same stamp over different files load over the other", () => {
    fc.assert(
      fc.property(stamped, (a) => {
        const b = { ...a, files: a.files === "a".repeat(64) ? "b".repeat(64) : "a".repeat(64) };
        expect([mayLoad(a, b), mayLoad(b, a)]).toEqual(["older", "older"]);
      }),
    );
  });

  it("lets the stamped tree already loaded load again (its hashes then say nothing changed)", () => {
    fc.assert(
      fc.property(stamped, (a) => {
        expect(mayLoad(a, a)).toBe(true);
      }),
    );
  });

  it("lets any tree load into an empty database", () => {
    fc.assert(
      fc.property(anyVersion, (a) => {
        expect(mayLoad(a, "empty")).toBe(true);
      }),
    );
  });

  it("refuses an unstamped tree over a database that holds content", () => {
    fc.assert(
      fc.property(unstamped, anyVersion, (a, b) => {
        expect(mayLoad(a, b)).toBe("unstamped");
      }),
    );
  });

  it("lets a stamped tree load over content loaded without a stamp", () => {
    fc.assert(
      fc.property(stamped, unstamped, (a, b) => {
        expect(mayLoad(a, b)).toBe(true);
      }),
    );
  });
});
