import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { browserTranslations } from "~/platform/i18n/browser";
import { BrowserTranslations } from "~/platform/i18n/browser-translations";
import { catalogNamespaces, loadNamespaces } from "~/platform/i18n/catalogs";
import { frameNamespaces } from "~/platform/i18n/frame-namespaces";
import { splitLanguage } from "~/platform/i18n/languages";
import { readPageNamespaces } from "~/platform/i18n/PageNamespaces";
import { TranslationsContext } from "~/platform/i18n/translations";

async function hydrate() {
  const { lang } = splitLanguage(window.location.pathname);
  // The namespaces the server's render used (PageNamespaces.tsx), and those of what any page may
  // show after it hydrates (an error message, a toast): all of them if the page has no list.
  const listed = readPageNamespaces(document);
  const catalogs = await loadNamespaces(lang, [
    ...(listed ?? (await catalogNamespaces(lang))),
    ...frameNamespaces,
  ]);
  const translations = new BrowserTranslations(lang, catalogs, listed ?? []);
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
