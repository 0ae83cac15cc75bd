import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { browserTranslations } from "~/platform/i18n/browser";
import { BrowserTranslations } from "~/platform/i18n/browser-translations";
import { loadLanguage } from "~/platform/i18n/catalogs";
import { splitLanguage } from "~/platform/i18n/languages";
import { TranslationsContext } from "~/platform/i18n/translations";

async function hydrate() {
  const { lang } = splitLanguage(window.location.pathname);
  const translations = new BrowserTranslations(lang, await loadLanguage(lang));
  browserTranslations.current = translations;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <TranslationsContext.Provider value={translations}>
          <HydratedRouter />
        </TranslationsContext.Provider>
      </StrictMode>,
    );
  });
}

void hydrate();
