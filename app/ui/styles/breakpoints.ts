/**
 * The site's breakpoints (docs/requirements.md#breakpoints), for scripts. CSS writes the same
 * figures as min-width media queries (see tokens.css); keep the two in step.
 */
export const breakpoints = { md: 970, lg: 1170, xl: 1452, xxl: 1732 } as const;

/** Matches while the full desktop menu shows (970 px and wider); below it, the hamburger menu. */
export const desktopMenuQuery = `(min-width: ${breakpoints.md}px)`;
