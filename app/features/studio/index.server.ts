export { loadPageSeo, type MetaPage } from "./page-seo.server";
export { ContentMissingError, getStudioInfo, type StudioInfo } from "./studio.server";
export { type StudioFile, studioFileSchema, studioKind } from "./studio-kind.server";
export type * from "./types";
