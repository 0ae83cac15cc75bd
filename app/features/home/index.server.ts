/* The home page's server face. */

export { bannersKind } from "./banner-kind.server";
export type { Banner } from "./banners.server";
export { listActiveBanners } from "./banners.server";
export { createBannersApi } from "./banners-api.server";
export { getHomeContent } from "./home.server";
export { homeKind } from "./home-kind.server";
// Its tables, for the features that join or read them.
export { awards } from "./tables";
export type * from "./types";
