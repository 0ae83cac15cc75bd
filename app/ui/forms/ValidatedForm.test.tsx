import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { email, requiredString } from "~/platform/forms/fields";
import { type FormReply, parseForm } from "~/platform/forms/parse-form.server";
import { TextField } from "./TextField";
import { byId, renderMarkup, tags } from "./test-markup";
import { formSchema } from "./use-validated-form";
import { ValidatedForm } from "./ValidatedForm";

const schema = z.object({
  a: requiredString(40),
  b: requiredString(40),
  c: requiredString(40),
  d: requiredString(40),
  e: email(),
});
const longForm = formSchema(async () => schema);
// The server's render has the schema (renderToString cannot wait for it).
await longForm.load();

const names = ["a", "b", "c", "d", "e"] as const;

function Long({ lastResult, action }: { lastResult?: FormReply; action?: string }) {
  return (
    <ValidatedForm
      schema={longForm}
      lastResult={lastResult}
      id="long"
      action={action}
      encType="multipart/form-data"
      label="Long form"
      className="long-form"
      summary={(fields) => names.map((name) => ({ field: fields[name], label: name.toUpperCase() }))}
      errors={["Bot check failed"]}
    >
      {(fields) =>
        names.map((name) => (
          <TextField key={name} field={fields[name]} label={name.toUpperCase()} autoComplete="off" />
        ))
      }
    </ValidatedForm>
  );
}

function Short() {
  return (
    <ValidatedForm schema={longForm} id="short" className="short-form" prelude={<p id="first">first</p>}>
      {(fields) => <TextField field={fields.a} label="A" autoComplete="off" />}
    </ValidatedForm>
  );
}

/** Rendered at `/page?x=1` as the server renders a route's component. */
function render(node: () => ReactNode) {
  const Stub = createRoutesStub([{ path: "/page", Component: node }]);
  return renderMarkup(<Stub initialEntries={["/page?x=1"]} />);
}

describe("ValidatedForm", () => {
  it("posts a long form to the page's address with its summary as fragment, its constraints inside", () => {
    const html = render(() => <Long />);
    const form = byId(html, "long");
    expect(form).toMatchObject({
      name: "form",
      attributes: {
        method: "post",
        enctype: "multipart/form-data",
        action: "/page?x=1#long-error",
        "aria-label": "Long form",
        class: "long-form",
        novalidate: "",
      },
    });
    expect(byId(html, "long-constraints").name).toBe("script");
    expect(byId(html, "long-error").attributes).toMatchObject({ class: "form-errors", role: "alert" });
  });

  it("keeps an action it is given, with the summary as fragment", () => {
    expect(
      byId(
        render(() => <Long action="/contact" />),
        "long",
      ).attributes.action,
    ).toBe("/contact#long-error");
  });

  it("lists the refused fields at the top, by label, after the form's own messages and the extra ones", async () => {
    const result = await parseForm(new FormData(), schema);
    if (result.status !== "error") throw new Error("expected a refused form");
    const html = render(() => <Long lastResult={result.result} />);
    const links = tags(html).filter((tag) => tag.attributes.class === "form-errors__link");
    expect(links.map((tag) => tag.attributes.href)).toEqual(names.map((name) => `#long-${name}`));
    expect(html).toContain("Bot check failed");
    expect(byId(html, "long-error").attributes.autofocus).toBe("");
  });

  it("a short form: no fragment, no field list, what comes first before its constraints", () => {
    const html = render(() => <Short />);
    const form = byId(html, "short");
    expect(form.attributes.action).toBe("/page?x=1");
    const order = tags(html).map((tag) => tag.attributes.id ?? tag.name);
    expect(order.indexOf("first")).toBeLessThan(order.indexOf("short-constraints"));
    expect(order.indexOf("short-constraints")).toBeLessThan(order.indexOf("short-error"));
  });
});
