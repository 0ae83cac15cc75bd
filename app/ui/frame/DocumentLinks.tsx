import { type ContextType, useContext, useMemo } from "react";
import {
  type LinkDescriptor,
  Links,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FrameworkContext,
} from "react-router";

type Framework = NonNullable<ContextType<typeof UNSAFE_FrameworkContext>>;
type StylesheetLink = { rel: "stylesheet"; href: string };

/**
 * The precedence every stylesheet of the site shares: within one precedence React keeps the
 * order in which the sheets were first rendered, which is React Router's (a route's own CSS,
 * then its `links()`, from the root down).
 */
const precedence = "site";

const isStylesheet = (link: LinkDescriptor): link is LinkDescriptor & StylesheetLink =>
  "rel" in link && link.rel === "stylesheet" && typeof link.href === "string";

/**
 * React Router's <Links/>, with the page's stylesheets rendered as React stylesheet resources
 * (a `precedence`). React 19 writes the <link>s it hoists from the body, the ~30 modulepreloads
 * of <Scripts/>, before the head's own children: plain stylesheet links came after ~160 KB of
 * JavaScript, which a phone's few connections fetch first, and the first paint waited for it
 * (the server now takes those modulepreloads out: platform/http/page-scripts.server.ts).
 * Stylesheets with a precedence are written right after the charset, viewport and preloads.
 * On a client-side navigation React inserts the next page's stylesheets and holds the commit
 * until they have loaded (React Router has already preloaded them), so nothing shows unstyled.
 * React never removes them: a stylesheet stays once a page has used it, harmless since every
 * sheet styles its own classes.
 */
export function DocumentLinks() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  if (!framework || !state) throw new Error("DocumentLinks renders inside React Router's framework mode");
  const { manifest, routeModules } = framework;
  // The routes that render: down to the one whose error boundary shows, as <Links/> counts them.
  const matches = useMemo(() => {
    const errorAt = state.errors
      ? state.matches.findIndex((match) => state.errors?.[match.route.id] !== undefined)
      : -1;
    return errorAt >= 0 ? state.matches.slice(0, errorAt + 1) : state.matches;
  }, [state.matches, state.errors]);
  // <Links/> renders everything else: the same manifest and route modules without stylesheets.
  const rest = useMemo(() => withoutStylesheets(framework, matches), [framework, matches]);

  const stylesheets = new Set(
    matches.flatMap((match) => [
      ...(manifest.routes[match.route.id]?.css ?? []),
      ...(routeModules[match.route.id]?.links?.() ?? []).filter(isStylesheet).map((link) => link.href),
    ]),
  );

  return (
    <>
      {[...stylesheets].map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence={precedence} />
      ))}
      <UNSAFE_FrameworkContext.Provider value={rest}>
        <Links />
      </UNSAFE_FrameworkContext.Provider>
    </>
  );
}

/** The framework context for <Links/>: the matched routes' CSS and stylesheet links left out. */
function withoutStylesheets(framework: Framework, matches: readonly { route: { id: string } }[]): Framework {
  const routes = { ...framework.manifest.routes };
  const routeModules = { ...framework.routeModules };
  for (const match of matches) {
    const id = match.route.id;
    const route = routes[id];
    if (route) routes[id] = { ...route, css: undefined };
    const module = routeModules[id];
    const links = module?.links;
    if (module && links)
      routeModules[id] = { ...module, links: () => links().filter((link) => !isStylesheet(link)) };
  }
  return { ...framework, manifest: { ...framework.manifest, routes }, routeModules };
}
