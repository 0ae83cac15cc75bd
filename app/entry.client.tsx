import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { browserI18n } from "~/platform/i18n/browser";
import { createI18n, loadLanguage } from "~/platform/i18n/catalogs";
import { splitLanguage } from "~/platform/i18n/languages";

async function hydrate() {
  const { lang } = splitLanguage(window.location.pathname);
  const i18n = createI18n(lang, { [lang]: await loadLanguage(lang) });
  browserI18n.current = i18n;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
