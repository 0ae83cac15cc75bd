/**
 * The namespaces of what every page may show whatever its route: the header, footer and consent
 * banner, embeds, toasts, and the messages and field texts of forms (an error appears after the
 * page has hydrated, without a navigation that could wait for its texts). The browser loads them
 * on every page, as one file per language (vite.config.ts).
 */
export const frameNamespaces = ["common", "consent", "embeds", "feedback", "forms", "layout", "messages"];

/**
 * The browser's file (chunk name, before Vite's hash) holding a namespace of a language: one per
 * language for the frame's, one per language and namespace for the rest. vite.config.ts names
 * the chunks with it and the JavaScript check (scripts/js-budget.ts) finds a page's with it.
 */
export function catalogFile(lang: string, ns: string): string {
  return frameNamespaces.includes(ns) ? `catalog-${lang}` : `catalog-${lang}-${ns}`;
}

/** The browser's file (chunk name, before the hash) of a language's table of catalog files (catalogs.ts). */
export function catalogTableFile(lang: string): string {
  return `catalog-files-${lang}`;
}

/** The id of the element listing a page's namespaces (PageNamespaces.tsx). */
export const pageNamespacesElementId = "page-namespaces";
