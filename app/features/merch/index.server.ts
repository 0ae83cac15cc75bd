/* Merch for linked platforms: its server face. */

export { forgetMerchCache, merchList } from "./merch.server";
export { merchProductsKind } from "./merch-kind.server";
