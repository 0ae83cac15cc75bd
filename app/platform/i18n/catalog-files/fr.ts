// The fr catalogs' files (see ../catalogs.ts: one such table per language, loaded when needed).
export const files = {
  ...import.meta.glob<Record<string, unknown>>("../locales/fr/*.json", { import: "default" }),
  ...import.meta.glob<Record<string, unknown>>("../../../features/*/locales/fr/*.json", {
    import: "default",
  }),
};
