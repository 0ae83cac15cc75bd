/**
 * What a page view is counted under: the id of the deepest matched route (e.g.
 * "careers-single" for every job page), never the address, so no query string, job id or
 * other visitor input reaches the counters.
 */
export function pageviewRouteKey(matches: ReadonlyArray<{ id: string }>): string | undefined {
  return matches.at(-1)?.id;
}

/** Route ids as the route table writes them: what the API accepts as a page-view route. */
export const routeKeyPattern = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,99}$/;

/**
 * Whether a page's address holds a private link's token: a route parameter named `token`
 * (/status/:token, /alerts/manage/:id/:token, /privacy/requests/:token) or a `token` query
 * parameter (the account's verification and reset links, the playtest survey and removal links).
 */
export function carriesPrivateLink(
  matches: ReadonlyArray<{ params: Readonly<Record<string, string | undefined>> }>,
  search: string,
): boolean {
  return matches.at(-1)?.params.token !== undefined || new URLSearchParams(search).has("token");
}
