import { describe, expect, it } from "vitest";
import { frenchFirstRefusal } from "./offer-languages";

describe("frenchFirstRefusal", () => {
  it("refuses an offer at the Quebec office without French, in the words both checks use", () => {
    expect(frenchFirstRefusal("quebec", false)).toBe(
      "offers at the Quebec office are published in French (Charter of the French Language)",
    );
    expect(frenchFirstRefusal("quebec", false, { named: true })).toBe(
      "offers at the Quebec office (quebec) are published in French (Charter of the French Language)",
    );
  });

  it("lets an offer in French, or at another office, be published", () => {
    expect(frenchFirstRefusal("quebec", true)).toBeNull();
    expect(frenchFirstRefusal("gent", false)).toBeNull();
  });
});
