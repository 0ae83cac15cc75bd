/* Third-party embeds: server face (the per-page CSP of a page with a trailer, the content field). */
export { trailerCspExtras } from "./embeds-csp.server";
/* The content field (zod): server-side only, so pages do not load the schema library for it. */
export { trailerUrl } from "./trailer-field";
