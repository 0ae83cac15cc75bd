/* Third-party embeds behind a click (docs/decisions/0025-click-to-load-embeds.md): browser-safe face. */
export { EmbedPlaceholder } from "./EmbedPlaceholder";
export { EmbedSettings } from "./EmbedSettings";
export { type EmbedConsent, EmbedConsentContext } from "./embed-consent";
export {
  type EmbedProvider,
  embedProviders,
  parseTrailerUrl,
  playerUrl,
  providerNames,
  type Trailer,
  tileHostName,
  watchUrl,
} from "./providers";
export { forgetAllEmbeds } from "./remembered";
export { TrailerEmbed, type TrailerView } from "./TrailerEmbed";
