// The es catalogs' files (see ../catalogs.ts: one such table per language, loaded when needed).
export const files = {
  ...import.meta.glob<Record<string, unknown>>("../locales/es/*.json", { import: "default" }),
  ...import.meta.glob<Record<string, unknown>>("../../../features/*/locales/es/*.json", {
    import: "default",
  }),
};
