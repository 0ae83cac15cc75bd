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
