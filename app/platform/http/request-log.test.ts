import { describe, expect, it } from "vitest";
import { redactPath, requestLogSerializers } from "./request-log.server";

describe("request log lines", () => {
  it("keep the path and drop the query string", () => {
    expect(redactPath("/fr/careers?location=quebec&email=ada@example.com")).toBe("/fr/careers");
  });

  it("hide tokens in paths but keep ids and slugs", () => {
    expect(
      redactPath(
        "/api/uploads/a01fcc80-b793-46ba-aa47-165eb2cf11bb/JZZ6vPTpLhcggriRyTM15kFdVEad6y1Q6_ByJ_UGUOg",
      ),
    ).toBe("/api/uploads/a01fcc80-b793-46ba-aa47-165eb2cf11bb/[redacted]");
    expect(redactPath(`/api/open/office-job-subscriptions/12/${"ab12".repeat(16)}`)).toBe(
      "/api/open/office-job-subscriptions/12/[redacted]",
    );
    expect(redactPath("/es/careers/senior-gameplay-programmer-quebec-2031")).toBe(
      "/es/careers/senior-gameplay-programmer-quebec-2031",
    );
    expect(redactPath("/assets/entry.client-BJ3kd9Xa.js")).toBe("/assets/entry.client-BJ3kd9Xa.js");
  });

  it("carry only the request id, method, url and status", () => {
    expect(
      requestLogSerializers.req({
        id: "r1",
        method: "POST",
        url: "/contact?x=1",
        headers: { cookie: "s=1" },
      } as never),
    ).toEqual({ id: "r1", method: "POST", url: "/contact" });
    expect(requestLogSerializers.res({ statusCode: 201, headers: {} } as never)).toEqual({ status: 201 });
  });
});
