import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders paragraphs, emphasis, lists and links", () => {
    const html = renderMarkdown("Hello **team**.\n\n- one\n- two\n\n[Studio](https://studio.example/jobs)");
    expect(html).toContain("<strong>team</strong>");
    expect(html).toContain("<ul>\n<li>one</li>");
    expect(html).toContain('<a href="https://studio.example/jobs">Studio</a>');
  });

  it("keeps the page's only h1 by moving content headings one level down", () => {
    expect(renderMarkdown("# About the role")).toBe("<h2>About the role</h2>\n");
  });

  it("drops raw HTML, scripts, event handlers and unsafe link schemes", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) <b onclick="x()">b</b>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img/i);
    expect(html).toContain("click");
  });

  it("renders an empty text as nothing", () => {
    expect(renderMarkdown("")).toBe("");
  });

  it("gives a text rendered before the same HTML, and each text its own", () => {
    const first = renderMarkdown("Kept **once**.");
    expect(renderMarkdown("Kept **once**.")).toBe(first);
    expect(renderMarkdown("Kept *twice*.")).toBe("<p>Kept <em>twice</em>.</p>\n");
  });
});
