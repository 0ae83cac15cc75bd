import fc from "fast-check";
import { DomUtils, parseDocument } from "htmlparser2";
import { createContext, useContext } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderMarkup } from "~/ui/forms/test-markup";
import { ConfirmAction } from "./ConfirmAction";

type Fields = Record<string, string>;

/** What the page under test asks: whether the question is open, and the fields it posts. */
const PageCase = createContext<{ asking: boolean; fields: Fields }>({ asking: false, fields: {} });

function ThingsPage() {
  const { asking, fields } = useContext(PageCase);
  return (
    <ConfirmAction
      label="Remove"
      className="button"
      askHref="/things?remove=7"
      cancelHref="/things"
      asking={asking}
      title="Remove this thing?"
      description="It cannot be undone."
      fields={fields}
      confirmLabel="Yes, remove it"
      cancelLabel="Keep it"
    />
  );
}

const Stub = createRoutesStub([{ path: "/things", Component: ThingsPage }]);

/** The markup the server sends, which is what a visitor without JavaScript uses. */
function serverMarkup(asking: boolean, fields: Fields) {
  const markup = renderMarkup(
    <PageCase.Provider value={{ asking, fields }}>
      <Stub initialEntries={["/things"]} />
    </PageCase.Provider>,
  );
  const document = parseDocument(markup);
  const all = (name: string) => DomUtils.getElementsByTagName(name, document);
  const dialog = all("dialog")[0];
  if (!dialog) throw new Error("no dialog");
  return { all, dialog };
}

// Field names and values as a page might post them, including characters HTML must escape.
const fieldsArbitrary = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ maxLength: 40 }),
  { minKeys: 1, maxKeys: 4 },
);

describe("ConfirmAction without JavaScript", () => {
  it("is a link to the page asking the question, which stays closed until asked", () => {
    const { all, dialog } = serverMarkup(false, { id: "7" });
    const trigger = all("a").find((a) => DomUtils.textContent(a) === "Remove");
    expect(trigger?.attribs.href).toBe("/things?remove=7");
    expect(dialog.attribs).not.toHaveProperty("open");
  });

  it("shows the question open on the asking page, posting exactly the given fields", () => {
    fc.assert(
      fc.property(fieldsArbitrary, (fields) => {
        const { dialog } = serverMarkup(true, fields);
        expect(dialog.attribs).toHaveProperty("open");
        const form = DomUtils.getElementsByTagName("form", dialog)[0];
        expect(form?.attribs.method).toBe("post");
        const posted = DomUtils.getElementsByTagName("input", dialog).map((input) => [
          input.attribs.type,
          input.attribs.name,
          input.attribs.value,
        ]);
        expect(posted).toEqual(Object.entries(fields).map(([name, value]) => ["hidden", name, value]));
        const submit = DomUtils.getElementsByTagName("button", dialog).filter(
          (button) => button.attribs.type === "submit",
        );
        expect(submit.map((button) => DomUtils.textContent(button))).toEqual(["Yes, remove it"]);
      }),
    );
  });

  it("cancels by links back to the page without the question", () => {
    const { dialog } = serverMarkup(true, { id: "7" });
    const links = DomUtils.getElementsByTagName("a", dialog).map((a) => ({
      href: a.attribs.href,
      name: a.attribs["aria-label"] ?? DomUtils.textContent(a),
    }));
    expect(links).toEqual([
      { href: "/things", name: "Close" },
      { href: "/things", name: "Keep it" },
    ]);
  });
});
