import { useRouteLoaderData } from "react-router";
import type { SiteIdentity } from "./site-identity";

/**
 * What the root loader hands the site's shell (root.tsx builds its part of the answer as this
 * type, so the shell's needs are declared here and the app's root fills them).
 */
export type ShellData = {
  /** Null when the database could not answer: the shell still renders. */
  studio: SiteIdentity | null;
  /** The current year as the server saw it. */
  year: number;
};

/**
 * The studio's name, logo, links and games, loaded once by the root loader (the only loader
 * an error page can rely on). Null when the database could not answer: the shell still renders.
 */
export function useStudio(): SiteIdentity | null {
  return useRouteLoaderData<ShellData>("root")?.studio ?? null;
}

/** The current year as the server saw it, so server and browser render the same copyright. */
export function useCopyrightYear(): number {
  return useRouteLoaderData<ShellData>("root")?.year ?? new Date().getFullYear();
}
