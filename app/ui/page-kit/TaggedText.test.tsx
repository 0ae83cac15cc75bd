import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TaggedText } from "./TaggedText";

const html = (node: ReactNode) => renderToStaticMarkup(node);

describe("TaggedText", () => {
  it("puts each tag's text in its element, by index or by name, as <Trans> did", () => {
    expect(
      html(
        <TaggedText
          text="Help on the <0>support page</0>."
          elements={[
            <a key="s" href="/support">
              support
            </a>,
          ]}
        />,
      ),
    ).toBe('Help on the <a href="/support">support page</a>.');
    expect(
      html(
        <TaggedText
          text="Write to <mail>a@b.example</mail> or <mail>c@d.example</mail>"
          elements={{ mail: <a href="mailto:x">ignored</a> }}
        />,
      ),
    ).toBe('Write to <a href="mailto:x">a@b.example</a> or <a href="mailto:x">c@d.example</a>');
  });

  it("keeps text without tags, and a tag without an element as text", () => {
    expect(html(<TaggedText text="Plain & <b>bold</b>" elements={{}} />)).toBe("Plain &amp; bold");
    expect(html(<TaggedText text="" elements={[]} />)).toBe("");
  });
});
