// The platform's own tables (the content loader's record, the outbox, uploads, links, task
// runs). Each feature keeps its tables in app/features/<name>/tables.ts; drizzle.config.ts reads
// both, so migrations cover every table.
export * from "./content";
export * from "./platform";
export * from "./privacy";
export * from "./status";
export * from "./tasks";
