import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { fillPlaceholders } from "./legal.server";
import { addHeadingAnchors, slugify, textOf } from "./legal-toc";

describe("addHeadingAnchors", () => {
  it("anchors every h2 and h3 and nests the h3 entries under their h2", () => {
    const { html, toc } = addHeadingAnchors(
      renderMarkdown("## Who we are\n\nText.\n\n### Job alerts\n\nMore.\n\n### Accounts\n\n## Cookies"),
    );
    expect(html).toContain('<h2 id="who-we-are">Who we are</h2>');
    expect(html).toContain('<h3 id="job-alerts">Job alerts</h3>');
    expect(toc).toEqual([
      {
        id: "who-we-are",
        text: "Who we are",
        children: [
          { id: "job-alerts", text: "Job alerts", children: [] },
          { id: "accounts", text: "Accounts", children: [] },
        ],
      },
      { id: "cookies", text: "Cookies", children: [] },
    ]);
  });

  it("makes ids unique, ASCII and safe from the heading's visible text", () => {
    const { html, toc } = addHeadingAnchors(
      renderMarkdown('## Témoins & *statistiques*\n\n## Témoins & statistiques\n\n## "<b>x</b>"'),
    );
    expect(toc.map((e) => e.id)).toEqual(["temoins-statistiques", "temoins-statistiques-2", "x"]);
    expect(toc[0]?.text).toBe("Témoins & statistiques");
    expect(html).toContain('<h2 id="temoins-statistiques">Témoins &amp; <em>statistiques</em></h2>');
    expect(html).not.toContain("<b>");
  });

  it("gives a top-level entry to an h3 before any h2", () => {
    expect(addHeadingAnchors("<h3>Alone</h3>").toc).toEqual([{ id: "alone", text: "Alone", children: [] }]);
  });
});

describe("helpers", () => {
  it("reads the visible text of a heading and slugs it", () => {
    expect(textOf("Hello <em>big</em> &amp; &quot;small&quot;")).toBe('Hello big & "small"');
    expect(slugify("¿Qué recoge cada formulario?")).toBe("que-recoge-cada-formulario");
    expect(slugify("!!!")).toBe("section");
  });

  it("fills the studio's facts and leaves unknown placeholders visible", () => {
    expect(
      fillPlaceholders("Write to {{ email.privacy }} at {{studio}} {{nope}}", {
        "email.privacy": "privacy@studio.example",
        studio: "Stormkettle",
      }),
    ).toBe("Write to privacy@studio.example at Stormkettle {{nope}}");
  });
});
