import { cloneElement, type ReactElement, type ReactNode } from "react";

/**
 * A translated sentence with a link in it, the way react-i18next's `<Trans>` rendered the
 * site's texts (`…on the <0>support page</0>.`, `Write to <mail>{{email}}</mail>.`): each tag's
 * text becomes the children of the element of that name or index, in place of its own. Tags do
 * not nest. `<Trans>` parses any HTML with a parser of its own, 5 KB of every page that used it
 * (docs/decisions/0027-javascript-budget.md).
 */
export function TaggedText({
  text,
  elements,
}: {
  /** The translated text, values already interpolated (`t(key, values)`). */
  text: string;
  elements: Readonly<Record<string, ReactElement>> | readonly ReactElement[];
}) {
  // split() with two groups: text, tag name, tag text, text, …, text.
  const parts = text.split(/<(\w+)>([^<]*)<\/\1>/);
  const nodes: ReactNode[] = [];
  for (let i = 0; i < parts.length; i += 3) {
    if (parts[i]) nodes.push(parts[i]);
    const name = parts[i + 1];
    if (name === undefined) break;
    const element = (elements as Record<string, ReactElement | undefined>)[name];
    nodes.push(element ? cloneElement(element, { key: i }, parts[i + 2]) : parts[i + 2]);
  }
  return <>{nodes}</>;
}
