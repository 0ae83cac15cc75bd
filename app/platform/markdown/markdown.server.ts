import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Markdown from content files and recruiting services, rendered to HTML on the server only (no
 * parser in the browser bundle). The result is sanitized: job texts may come from an outside
 * service, so raw HTML, scripts, styles and unsafe link schemes never reach the page.
 */
const marked = new Marked({ gfm: true, breaks: false, async: false });

const allowedTags = [
  "p",
  "br",
  "hr",
  "h2",
  "h3",
  "h4",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
];

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, {
    allowedTags,
    allowedAttributes: { a: ["href", "title"], ol: ["start"], th: ["align"], td: ["align"] },
    allowedSchemes: ["https", "http", "mailto", "tel"],
    allowProtocolRelative: false,
    transformTags: {
      // The page owns the only <h1>; a content heading starts one level below.
      h1: "h2",
      h5: "h4",
      h6: "h4",
    },
  });
}
