// The en catalogs' files (see ../catalogs.ts: one such table per language, loaded when needed).
export const files = {
  ...import.meta.glob<Record<string, unknown>>("../locales/en/*.json", { import: "default" }),
  ...import.meta.glob<Record<string, unknown>>("../../../features/*/locales/en/*.json", {
    import: "default",
  }),
};
