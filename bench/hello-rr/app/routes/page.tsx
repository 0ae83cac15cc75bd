import fs from "node:fs";
import { parseDocument } from "htmlparser2";
import { createElement, type ReactNode } from "react";
import { useLoaderData } from "react-router";
import type { loader } from "./home";

export { loader, meta } from "./home";

/**
 * Every page of the hello world on the site's route table (app/routes.ts here): the greeting,
 * or with HELLO_RR_MARKUP (a saved page of the site, read at start) that page's body, as React
 * elements made anew for each request, as components make them. Scripts and inline styles are
 * left out: no app runs here. A module of its own, so the hello world's JavaScript (the
 * reference of figure 4) stays a hello world's.
 */
const markup = process.env.HELLO_RR_MARKUP;
// The parsed document's shape, as far as this reads it (domhandler's nodes).
type Node = {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: Node[];
};
const findBody = (nodes: Node[]): Node | undefined =>
  nodes.map((node) => (node.name === "body" ? node : findBody(node.children ?? []))).find(Boolean);
const body = markup
  ? findBody(parseDocument(fs.readFileSync(markup, "utf8")).children as unknown as Node[])
  : undefined;
const reactNames: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  srcset: "srcSet",
  crossorigin: "crossOrigin",
  autocomplete: "autoComplete",
  viewbox: "viewBox",
};

function element(node: Node, key: number): ReactNode {
  if (node.type === "text") return node.data;
  if (!node.name || node.type !== "tag" || node.name === "script" || node.name === "style") return null;
  const props: Record<string, unknown> = { key };
  for (const [name, value] of Object.entries(node.attribs ?? {})) {
    if (name !== "style") props[reactNames[name] ?? name] = value;
  }
  return createElement(node.name, props, ...(node.children ?? []).map(element));
}

export default function Page() {
  const { message } = useLoaderData<typeof loader>();
  if (body) return <div>{(body.children ?? []).map(element)}</div>;
  return (
    <main>
      <h1>Hello world</h1>
      <p>{message}</p>
    </main>
  );
}
