import type { BrowserTranslations } from "./browser-translations";

/** The browser's one translations object, so route middleware can load a language before render. */
export const browserTranslations: { current?: BrowserTranslations } = {};
