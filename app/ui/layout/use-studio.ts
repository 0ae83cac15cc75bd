import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { SiteIdentity } from "./site-identity";

/**
 * The studio's name, logo, links and games, loaded once by the root loader (the only loader
 * an error page can rely on). Null when the database could not answer: the shell still renders.
 */
export function useStudio(): SiteIdentity | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.studio ?? null;
}

/** The current year as the server saw it, so server and browser render the same copyright. */
export function useCopyrightYear(): number {
  return useRouteLoaderData<typeof rootLoader>("root")?.year ?? new Date().getFullYear();
}
