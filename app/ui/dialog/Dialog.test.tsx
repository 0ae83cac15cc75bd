import { describe, expect, it } from "vitest";
import { byId, renderMarkup, tags, textOf } from "~/ui/forms/test-markup";
import { Dialog } from "./Dialog";

const noop = () => undefined;

function dialogTag(html: string) {
  const tag = tags(html).find((t) => t.name === "dialog");
  if (!tag) throw new Error("no dialog");
  return tag;
}

describe("Dialog markup", () => {
  const html = renderMarkup(
    <Dialog
      open={false}
      onClose={noop}
      title="Remove this alert?"
      description="You can create it again later."
    >
      <p>Body</p>
    </Dialog>,
  );

  it("is a modal labelled by its title and described by its description", () => {
    const dialog = dialogTag(html).attributes;
    expect(dialog["aria-modal"]).toBe("true");
    expect(textOf(html, dialog["aria-labelledby"] ?? "")).toBe("Remove this alert?");
    expect(byId(html, dialog["aria-labelledby"] ?? "").name).toBe("h2");
    expect(textOf(html, dialog["aria-describedby"] ?? "")).toBe("You can create it again later.");
  });

  it("is closed unless asked to be open", () => {
    expect(dialogTag(html).attributes.open).toBeUndefined();
  });

  it("has a named close button", () => {
    const close = tags(html).find((t) => t.attributes.class === "dialog__close");
    expect(close?.name).toBe("button");
    expect(close?.attributes).toMatchObject({ type: "button", "aria-label": "Close" });
  });

  it("renders open for a visit without JavaScript, with a close link when given one", () => {
    const open = renderMarkup(<Dialog open onClose={noop} title="Confirm" closeHref="/alerts" />, "fr");
    expect(dialogTag(open).attributes.open).toBe("");
    const close = tags(open).find((t) => t.attributes.class === "dialog__close");
    expect(close).toMatchObject({ name: "a", attributes: { href: "/alerts", "aria-label": "Fermer" } });
  });

  it("leaves out aria-describedby without a description", () => {
    const plain = renderMarkup(<Dialog open={false} onClose={noop} title="Hi" />);
    expect(dialogTag(plain).attributes["aria-describedby"]).toBeUndefined();
  });
});
