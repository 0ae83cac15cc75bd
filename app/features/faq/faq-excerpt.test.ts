import { describe, expect, it } from "vitest";
import { excerpt } from "./faq.server";

describe("excerpt", () => {
  it("turns Markdown into plain text", () => {
    expect(
      excerpt("Choose **Forgot password** and see [the guide](https://example.com).\n\n- one\n- two"),
    ).toBe("Choose Forgot password and see the guide. one two");
  });

  it("cuts a long answer at a word, with an ellipsis", () => {
    const text = `${"word ".repeat(60)}end`;
    const cut = excerpt(text, 50);
    expect(cut.endsWith("word…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(51);
  });
});
