/* Merch for linked platforms: its face for pages. */
export { MerchGrid } from "./MerchGrid";
export type { MerchProduct } from "./merch-product";
