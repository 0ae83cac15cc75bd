import type { i18n as I18n } from "i18next";

/** The browser's one i18next instance, so route middleware can load a language before render. */
export const browserI18n: { current?: I18n } = {};
