import fc from "fast-check";
import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { email, password, requiredString } from "./fields";
import { formMessage } from "./messages";
import { parseForm, readForm } from "./parse-form.server";
import { toFieldErrors } from "./validate";

const schema = z.object({
  name: requiredString(40),
  email: email(),
  password: password(),
  tags: z.array(z.string()).optional(),
});

function post(body: URLSearchParams | FormData | string, contentType?: string) {
  return new Request("http://localhost/alerts", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : undefined,
  });
}

describe("parseForm", () => {
  it("returns the typed value of a valid form", async () => {
    const result = await parseForm(
      post(new URLSearchParams({ name: " Léa ", email: "lea@studio.example", password: "Abcdefg1" })),
      schema,
    );
    expect(result).toMatchObject({
      status: "success",
      value: { name: "Léa", email: "lea@studio.example", password: "Abcdefg1" },
    });
  });

  it("returns values and per-field message keys for the page to render without JavaScript", async () => {
    const body = new URLSearchParams([
      ["name", ""],
      ["email", "lea@"],
      ["password", "weak"],
      ["tags", "a"],
      ["tags", "b"],
    ]);
    const result = await parseForm(post(body), schema);
    if (result.status !== "error") throw new Error("expected errors");
    expect(result.errors).toEqual({
      name: [formMessage("required")],
      email: [formMessage("email")],
      password: [formMessage("password")],
    });
    // What was typed comes back, except the password.
    expect(result.values).toEqual({ email: "lea@", tags: ["a", "b"] });
    expect(result.result.status).toBe("error");
    expect(result.result.initialValue).not.toHaveProperty("password");
    expect(JSON.stringify(result.result)).not.toContain("weak");
  });

  it("hides other named fields on request", async () => {
    const result = await parseForm(post(new URLSearchParams({ name: "x", email: "y" })), schema, {
      hideFields: ["email"],
    });
    expect(result.status === "error" && result.values).toEqual({ name: "x" });
  });

  it("reads multipart bodies and FormData", async () => {
    const formData = new FormData();
    formData.set("name", "Léa");
    formData.set("email", "lea@studio.example");
    formData.set("password", "Abcdefg1");
    expect((await parseForm(post(formData), schema)).status).toBe("success");
    expect((await parseForm(formData, schema)).status).toBe("success");
  });

  it("lets the action add a service's refusal after validation", async () => {
    const result = await parseForm(
      post(new URLSearchParams({ name: "Léa", email: "lea@studio.example", password: "Abcdefg1" })),
      schema,
    );
    if (result.status !== "success") throw new Error("expected success");
    const reply = result.reply({
      formErrors: ["Error occured. Please try again"],
      fieldErrors: { email: ["x"] },
    });
    expect(reply.status).toBe("error");
    expect(reply.error).toMatchObject({ "": ["Error occured. Please try again"], email: ["x"] });
    expect(reply.initialValue).not.toHaveProperty("password");
  });

  it("answers a body that is not a form with a 400, not a crash", async () => {
    const error = await parseForm(post("{not a form", "multipart/form-data; boundary=x"), schema).catch(
      (e: unknown) => e,
    );
    expect(isRouteErrorResponse(error) || (error as { type?: string }).type === "DataWithResponseInit").toBe(
      true,
    );
    expect((error as { init?: { status?: number } }).init?.status).toBe(400);
  });
});

describe("toFieldErrors", () => {
  it("names nested and listed fields as forms do", () => {
    const nested = z.object({
      birth: z.object({ day: z.string() }),
      teams: z.array(z.string().min(2)),
      email: email(),
    });
    const parsed = nested.safeParse({ birth: {}, teams: ["ok", "x"], email: "nope" });
    expect(parsed.success).toBe(false);
    expect(toFieldErrors(parsed.error!)).toEqual({
      "birth.day": [expect.any(String)],
      "teams[1]": [expect.any(String)],
      email: [formMessage("email")],
    });
  });
});

describe("control characters in a form", () => {
  const characters = formMessage("characters");
  const loose = z.object({
    name: requiredString(40),
    honeypot: z.string().optional(),
    note: z.string().optional(),
  });
  /** Text a visitor may send, with a control character (not tab, LF or CR) somewhere in it. */
  const spoilt = fc
    .tuple(
      fc.string({ maxLength: 10 }),
      fc.constantFrom("\u0000", "\u0002", "\u001f", "\u007f", "\u009b"),
      fc.string({ maxLength: 10 }),
    )
    .map((parts) => parts.join(""));

  it("refuses them in every field, also one a schema checks with a plain z.string()", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("name", "honeypot", "note"), spoilt, async (field, value) => {
        const body = new URLSearchParams({ name: "Léa", [field]: value });
        const result = await parseForm(post(body), loose);
        expect(result.status).toBe("error");
        expect(result.status === "error" && result.errors[field]).toEqual([characters]);
      }),
    );
  });

  it("accepts a textarea's CRLF line breaks", async () => {
    const result = await parseForm(
      post(new URLSearchParams({ name: "Léa", note: "one\r\ntwo\tthree" })),
      loose,
    );
    expect(result).toMatchObject({ status: "success", value: { note: "one\r\ntwo\tthree" } });
  });
});

describe("readForm", () => {
  it("returns the fields of a clean form", async () => {
    const form = await readForm(post(new URLSearchParams({ intent: "logout" })));
    expect(form.get("intent")).toBe("logout");
  });

  it("refuses control characters in any field with a 400 naming it", async () => {
    const error = await readForm(
      post(
        new URLSearchParams([
          ["intent", "log\u0000out"],
          ["x", "ok"],
        ]),
      ),
    ).catch((e: unknown) => e);
    expect((error as { init?: { status?: number } }).init?.status).toBe(400);
    expect((error as { data?: unknown }).data).toEqual({
      messages: [`intent: ${formMessage("characters")}`],
    });
  });

  it("refuses a body that is not a form with a 400", async () => {
    const error = await readForm(post("{not a form", "multipart/form-data; boundary=x")).catch(
      (e: unknown) => e,
    );
    expect((error as { init?: { status?: number } }).init?.status).toBe(400);
  });

  it("with `only`, checks just those fields and leaves the others to a schema's field messages", async () => {
    const body = () =>
      new URLSearchParams([
        ["intent", "update"],
        ["name", "Nul\u0000name"],
      ]);
    const form = await readForm(post(body()), { only: ["intent", "alertId"] });
    const parsed = await parseForm(form, z.object({ intent: z.string(), name: requiredString(40) }));
    expect(parsed.status === "error" && parsed.errors).toEqual({ name: [formMessage("characters")] });
    const error = await readForm(post(body()), { only: ["name"] }).catch((e: unknown) => e);
    expect((error as { data?: unknown }).data).toEqual({ messages: [`name: ${formMessage("characters")}`] });
  });
});
