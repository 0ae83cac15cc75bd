import { asciiSlug } from "~/platform/text/fold";

/**
 * Anchors and a table of contents for a legal document: every h2 and h3 of the rendered
 * (already sanitized) HTML gets an id made from its text, and the contents list links to them.
 */

export type TocEntry = { id: string; text: string; children: TocEntry[] };

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The visible text of an HTML fragment (tags dropped, the sanitizer's entities decoded). */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, " ")
    .trim();
}

/** "Cookies & page views (2)" → "cookies-page-views-2"; accents dropped so ids stay ASCII. */
export function slugify(text: string): string {
  return asciiSlug(text) || "section";
}

/**
 * Adds ids to the h2 and h3 headings of `html` and returns the contents: h2 entries, each with
 * its h3 entries. Ids are unique within the document ("-2", "-3"… on repeats).
 */
export function addHeadingAnchors(html: string): { html: string; toc: TocEntry[] } {
  const toc: TocEntry[] = [];
  const used = new Map<string, number>();
  const out = html.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_match, level: string, inner: string) => {
    const text = textOf(inner);
    const base = slugify(text);
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    const id = seen === 0 ? base : `${base}-${seen + 1}`;
    const entry: TocEntry = { id, text, children: [] };
    const parent = toc.at(-1);
    if (level === "3" && parent) parent.children.push(entry);
    else toc.push(entry);
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: out, toc };
}
