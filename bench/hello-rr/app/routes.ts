import { index, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import siteRoutes from "../../../app/routes";

/**
 * The site's route table with no app in it (built with HELLO_RR_ROUTES=site): the same paths,
 * nesting and ids, each page routes/page.tsx, each route with children a bare outlet. React
 * Router's work per request grows with the number of routes (matching ranks every branch, and
 * the server builds its route objects anew), so this shows what the framework alone costs with
 * the site's table; with HELLO_RR_MARKUP it renders a page's markup too (routes/page.tsx).
 */
function withoutApp(entry: RouteConfigEntry): RouteConfigEntry {
  const { id, path, index: isIndex, caseSensitive, file, children } = entry;
  return {
    id: id ?? file,
    path,
    index: isIndex,
    caseSensitive,
    file: children ? "routes/outlet.tsx" : "routes/page.tsx",
    children: children?.map(withoutApp),
  };
}

export default (process.env.HELLO_RR_ROUTES === "site"
  ? siteRoutes.map(withoutApp)
  : [index("routes/home.tsx")]) satisfies RouteConfig;
