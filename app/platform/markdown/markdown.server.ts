import { LRUCache } from "lru-cache";
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

/**
 * The same texts are rendered on every request (the home page's sections, a job's description, a
 * legal page): parsing and sanitizing them was a tenth of a legal page's render. The HTML depends
 * on the text alone, so it is kept by text, up to a bound on the HTML kept (a recruiting service
 * can bring many offers; the least recently shown go first).
 */
const rendered = new LRUCache<string, string>({
  maxSize: 8 * 1024 * 1024,
  // lru-cache takes only positive sizes: an empty text (rendered as nothing) counts as 1.
  sizeCalculation: (html, markdown) => html.length + markdown.length || 1,
});

export function renderMarkdown(markdown: string): string {
  const known = rendered.get(markdown);
  if (known !== undefined) return known;
  const html = renderUncached(markdown);
  rendered.set(markdown, html);
  return html;
}

function renderUncached(markdown: string): string {
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
