import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { loadAllLanguages } from "~/platform/i18n/catalogs";
import { createI18n } from "~/platform/i18n/i18next.server";
import type { Language } from "~/platform/i18n/languages";
import { TranslationsContext } from "~/platform/i18n/translations";
import { translationsOf } from "~/platform/i18n/translator.server";

/**
 * Test helpers: render a component as the server does, in one language, and read elements
 * back by id without a DOM library (the markup is React's, so attributes are always quoted).
 */
const resources = await loadAllLanguages();

export function renderMarkup(node: ReactNode, lang: Language = "en"): string {
  return renderToString(
    <TranslationsContext.Provider value={translationsOf(createI18n(lang, resources), lang)}>
      {node}
    </TranslationsContext.Provider>,
  );
}

export type Tag = { name: string; attributes: Record<string, string>; html: string };

const tagPattern = /<([a-z][a-z0-9]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/gi;

function readAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
    attributes[(match[1] ?? "").toLowerCase()] = match[2] ?? "";
  }
  return attributes;
}

/** Every opening tag of the markup, in order. */
export function tags(html: string): Tag[] {
  return [...html.matchAll(tagPattern)].map((match) => ({
    name: (match[1] ?? "").toLowerCase(),
    attributes: readAttributes(match[2] ?? ""),
    html: match[0],
  }));
}

export function byId(html: string, id: string): Tag {
  const found = tags(html).find((tag) => tag.attributes.id === id);
  if (!found) throw new Error(`no element with id ${id} in ${html}`);
  return found;
}

/** The text inside the element with this id (tags stripped, entities of React's output decoded). */
export function textOf(html: string, id: string): string {
  const start = html.indexOf(byId(html, id).html);
  const name = byId(html, id).name;
  let depth = 0;
  const pattern = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
  pattern.lastIndex = start;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[1] ? -1 : 1;
    if (depth === 0) {
      return decode(html.slice(start, match.index).replace(/<[^>]+>/g, " "))
        .replace(/\s+/g, " ")
        .trim();
    }
  }
  throw new Error(`unclosed element ${id}`);
}

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
