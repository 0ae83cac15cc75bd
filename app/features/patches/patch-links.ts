import { type Language, localizePath } from "~/platform/i18n/languages";

/** The id of one patch's notes on the patch notes page ("tidebound-2.4"). */
export const patchAnchor = (game: string, version: string) => `patch-${game}-${version}`;

/** The patch notes page at one patch of one game, in a language (an issue fixed in it links here). */
export const patchNotesPath = (game: string, version: string, lang: Language) =>
  `${localizePath("/support/patches", lang)}?game=${encodeURIComponent(game)}#${patchAnchor(game, version)}`;
