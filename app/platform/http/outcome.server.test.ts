/* The two adapters of a use case's refusal: the page's form reply and the API's HttpError. */
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { FileStoreUnavailable } from "~/platform/files/file-store.server";
import { requiredString } from "~/platform/forms/fields";
import { type FormSuccess, parseForm } from "~/platform/forms/parse-form.server";
import { HttpError } from "./errors.server";
import { mapOk, ok, refuse } from "./outcome";
import { failure, orHttpError, toFormReply, toHttpError } from "./outcome.server";
import { apiUnavailableErrors } from "./unavailable.server";

const schema = z.object({ game: requiredString(40), password: requiredString(40) });

async function parsed(): Promise<FormSuccess<z.output<typeof schema>>> {
  const body = new URLSearchParams({ game: "nowhere", password: "secret-one" });
  const result = await parseForm(new Request("http://localhost/", { method: "POST", body }), schema);
  if (result.status !== "success") throw new Error("the sample form should be valid");
  return result;
}

describe("outcome", () => {
  it("is a value or a refusal with its status, code and field", () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(ok()).toEqual({ ok: true, value: undefined });
    expect(mapOk(ok(3), (n) => n * 2)).toEqual({ ok: true, value: 6 });
    expect(mapOk(refuse(404, "NOT_FOUND"), () => 1)).toEqual(refuse(404, "NOT_FOUND"));
    expect(refuse(400, "unknownGame", { field: "game" })).toEqual({
      ok: false,
      status: 400,
      code: "unknownGame",
      field: "game",
    });
  });
});

describe("toFormReply", () => {
  it("puts a refusal about a field on that field, the values typed kept and secrets left out", async () => {
    const form = await parsed();
    const reply = toFormReply(refuse(400, "unknownGame", { field: "game" }), form.reply);
    expect(reply.status).toBe("error");
    expect(reply.error).toEqual({ game: ["unknownGame"] });
    expect(reply.initialValue).toMatchObject({ game: "nowhere" });
    expect(reply.initialValue).not.toHaveProperty("password");
  });

  it("puts a refusal about the whole submission in the form's summary", async () => {
    const reply = toFormReply(refuse(429, "TOO_MANY_REQUESTS"), (await parsed()).reply);
    expect(reply.error).toEqual({ "": ["TOO_MANY_REQUESTS"] });
  });

  it("shows the refusal's own messages, or the texts the page chooses", async () => {
    const form = await parsed();
    const given = refuse(413, "upload", { field: "game", messages: ["File too large"] });
    expect(toFormReply(given, form.reply).error).toEqual({ game: ["File too large"] });
    const keyed = toFormReply(refuse(400, "unknownGame", { field: "game" }), form.reply, (r) => [
      `support-report:form.${r.code}`,
    ]);
    expect(keyed.error).toEqual({ game: ["support-report:form.unknownGame"] });
  });
});

describe("toHttpError", () => {
  it("answers with the refusal's status, code and headers", () => {
    const error = toHttpError(
      refuse(503, "SERVICE_TEMPORARILY_UNAVAILABLE", { headers: { "Retry-After": "60" } }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 503,
      messages: ["SERVICE_TEMPORARILY_UNAVAILABLE"],
      headers: { "Retry-After": "60" },
    });
  });

  it("names the field of a refusal about one, as the API's schema failures do", () => {
    expect(toHttpError(refuse(400, "INVALID_PARAMETERS", { field: "team" })).messages).toEqual([
      "team: INVALID_PARAMETERS",
    ]);
  });

  it("keeps the refusal's own messages, or the texts the router chooses", () => {
    const given = refuse(413, "upload", { field: "resume", messages: ["File too large"] });
    expect(toHttpError(given)).toMatchObject({ status: 413, messages: ["File too large"], headers: {} });
    expect(toHttpError(refuse(401, "ACCOUNT_LOGIN_ERROR"), (r) => [r.code.toLowerCase()]).messages).toEqual([
      "account_login_error",
    ]);
  });
});

describe("orHttpError", () => {
  it("gives an API handler the value, or throws the refusal as its HttpError", () => {
    expect(orHttpError(ok("sent"))).toBe("sent");
    expect(() =>
      orHttpError(refuse(429, "TOO_MANY_REQUESTS", { headers: { "Retry-After": "900" } })),
    ).toThrow(
      expect.objectContaining({
        status: 429,
        messages: ["TOO_MANY_REQUESTS"],
        headers: { "Retry-After": "900" },
      }),
    );
  });
});

describe("failure", () => {
  it("logs the site's own failure once and refuses it as 500", () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const err = new Error("database down");
    expect(failure(logger, err, "contact message failed")).toEqual(refuse(500, "INTERNAL_SERVER_ERROR"));
    expect(logger.error).toHaveBeenCalledExactlyOnceWith({ err }, "contact message failed");
  });

  it("refuses a write the unreachable database could not take as 503 with Retry-After, at warn", () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    const err = new Error("Failed query: insert …", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    });
    expect(failure(logger, err, "contact message failed")).toEqual(
      refuse(503, "SERVICE_TEMPORARILY_UNAVAILABLE", { headers: { "Retry-After": "10" } }),
    );
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledOnce();
  });

  it("refuses a write the file store could not take (down, or failing on its side) as the same 503", () => {
    const logger = { error: vi.fn(), warn: vi.fn() };
    // The store answered 500 InternalError: no network error anywhere in the chain.
    const err = new FileStoreUnavailable(
      "put",
      Object.assign(new Error("We encountered an internal error"), {
        name: "InternalError",
        $metadata: { httpStatusCode: 500 },
      }),
    );
    expect(failure(logger, err, "job application failed")).toEqual(
      refuse(503, "SERVICE_TEMPORARILY_UNAVAILABLE", { headers: { "Retry-After": "10" } }),
    );
    expect(logger.error).not.toHaveBeenCalled();
    const next = vi.fn();
    apiUnavailableErrors(err, {} as never, {} as never, next);
    expect(next.mock.calls[0]![0]).toMatchObject({
      status: 503,
      messages: ["SERVICE_TEMPORARILY_UNAVAILABLE"],
    });
  });
});
