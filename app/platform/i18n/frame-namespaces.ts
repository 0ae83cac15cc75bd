/**
 * The namespaces of what every page may show whatever its route: the header, footer and consent
 * banner, embeds, toasts, and the messages and field texts of forms (an error appears after the
 * page has hydrated, without a navigation that could wait for its texts). The browser loads them
 * on every page, as one file per language (vite.config.ts).
 */
export const frameNamespaces = ["common", "consent", "embeds", "feedback", "forms", "layout", "messages"];
