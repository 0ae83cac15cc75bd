import { useContext } from "react";
import { pageNamespacesElementId as elementId } from "./frame-namespaces";
import { TranslationsContext } from "./translations";

/**
 * The translation namespaces the page's render used, written into the page for the browser to
 * load before it hydrates (entry.client.tsx): a page needs 4-8 of the catalogs' 28 namespaces, a
 * fifth of a language's texts. Rendered after everything else in the body, so that on the
 * server every text of the page has been translated (and its namespace noted) when it renders;
 * in the browser it renders the list it was read from, unchanged.
 */
export function PageNamespaces() {
  const translations = useContext(TranslationsContext);
  const json = JSON.stringify(translations?.pageNamespaces() ?? []).replaceAll("<", "\\u003c");
  return (
    <script
      type="application/json"
      id={elementId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: namespace names as JSON, "<" escaped so no text closes the element
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** The list PageNamespaces wrote, or undefined when the page has none (then load them all). */
export function readPageNamespaces(document: Document): string[] | undefined {
  const text = document.getElementById(elementId)?.textContent;
  if (!text) return undefined;
  const list: unknown = JSON.parse(text);
  return Array.isArray(list) ? list.filter((ns): ns is string => typeof ns === "string") : undefined;
}
