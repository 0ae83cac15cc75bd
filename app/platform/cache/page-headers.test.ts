import { describe, expect, it } from "vitest";
import { pageCacheControl, privatePageHeaders, sharedPageHeaders } from "./page-headers";

describe("pageCacheControl", () => {
  it("keeps what a page's route declared for a GET, private and revalidated when it declared nothing", () => {
    expect(pageCacheControl("GET", sharedPageHeaders()["Cache-Control"])).toBe("public");
    expect(pageCacheControl("HEAD", privatePageHeaders()["Cache-Control"])).toBe("private, no-store");
    expect(pageCacheControl("GET", null)).toBe("private, no-cache");
  });

  it("answers every form post no-store, whatever the route declared", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(pageCacheControl(method, null)).toBe("private, no-store");
      expect(pageCacheControl(method, "public")).toBe("private, no-store");
    }
  });
});
