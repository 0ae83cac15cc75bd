/* The content engine's client-safe face: the field rules kinds build their file schemas from. */
export { box, focus, httpsUrl, link, localized, publicPath, slug, text, uniqueSlugs } from "./fields";
