import type { TFunction } from "i18next";
import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BrowserTranslations } from "./browser-translations";
import { loadAllLanguages, loadLanguage, loadNamespaces } from "./catalogs";
import { createI18n } from "./i18next.server";
import { maxMemoizedCallsWithOptions, memoizedT } from "./memoized-t";
import { type Translations, TranslationsContext } from "./translations";
import { translationsOf } from "./translator.server";
import { useTranslation } from "./use-translation";

function Header({ count }: { count: number }) {
  const { t, i18n } = useTranslation("careers");
  return (
    <p lang={i18n.language}>
      {t("header.label")} / {t("header.content", { count, offices: 7 })}
    </p>
  );
}

const render = (translations: Translations, count = 400) =>
  renderToString(
    <TranslationsContext.Provider value={translations}>
      <Header count={count} />
    </TranslationsContext.Provider>,
  );

describe("useTranslation", () => {
  it("translates plain keys and keys with values in the page's language (server)", async () => {
    const resources = await loadAllLanguages();
    expect(render(translationsOf(createI18n("en", resources), "en"))).toBe(
      '<p lang="en">Careers<!-- --> / <!-- -->We are over 400 people across 7 studios, building worlds for millions of players. Bring your craft, your curiosity and your voice.</p>',
    );
    const fr = render(translationsOf(createI18n("fr", resources), "fr"), 12);
    expect(fr).toContain('<p lang="fr">Carrières');
    expect(fr).toContain("12");
  });

  it("renders in the browser what the server rendered", async () => {
    const resources = await loadAllLanguages();
    for (const lang of ["en", "fr", "es"] as const) {
      const browser = new BrowserTranslations(lang, await loadLanguage(lang));
      expect(render(browser, 3)).toBe(render(translationsOf(createI18n(lang, resources), lang), 3));
    }
  });

  it("follows the browser's translations when they switch language, loading its catalogs", async () => {
    const browser = new BrowserTranslations("en", await loadLanguage("en"));
    expect(render(browser)).toContain('lang="en">Careers');
    let told = 0;
    // Unbound, as useSyncExternalStore calls it.
    const { subscribe } = browser;
    const stop = subscribe(() => told++);
    await browser.switchTo("es");
    stop();
    expect(told).toBe(1);
    expect(render(browser)).toContain('lang="es">Empleo');
  });
});

function FormHint() {
  const { t } = useTranslation("account");
  return (
    <p>
      {t("forms:validation.required")} {t("Note: not a namespace")}
    </p>
  );
}

describe("a page's namespaces", () => {
  it("the server notes each namespace a render used, by useTranslation or by a key naming it", async () => {
    const translations = translationsOf(createI18n("fr", await loadAllLanguages()), "fr");
    renderToString(
      <TranslationsContext.Provider value={translations}>
        <Header count={2} />
        <FormHint />
      </TranslationsContext.Provider>,
    );
    expect(translations.pageNamespaces()).toEqual(["account", "careers", "forms"]);
  });

  it("the browser waits for a namespace the page had not loaded, then renders what the server did", async () => {
    const server = translationsOf(createI18n("fr", await loadAllLanguages()), "fr");
    const browser = new BrowserTranslations("fr", await loadNamespaces("fr", ["common", "layout"]));
    const waiting = renderToString(
      <TranslationsContext.Provider value={browser}>
        <Suspense fallback={<p>waiting</p>}>
          <Header count={5} />
        </Suspense>
      </TranslationsContext.Provider>,
    );
    expect(waiting).toContain("<p>waiting</p>");
    await browser.pending("careers");
    expect(render(browser, 5)).toBe(render(server, 5));
  });

  it("the browser translates again a key whose namespace arrived after it was asked for", async () => {
    const browser = new BrowserTranslations("fr", await loadNamespaces("fr", ["common"]));
    let told = 0;
    const { subscribe } = browser;
    subscribe(() => told++);
    const t = browser.getFixedT("fr", "common");
    expect(t("forms:validation.required")).toBe("validation.required");
    await browser.pending("forms");
    expect(told).toBe(1);
    expect(browser.getFixedT("fr", "common")("forms:validation.required")).toBe("Ce champ est obligatoire");
  });

  it("switching language loads the shown namespaces in the new one, and no other", async () => {
    const browser = new BrowserTranslations("en", await loadNamespaces("en", ["careers"]));
    await browser.switchTo("es");
    expect(render(browser)).toContain('lang="es">Empleo');
    expect(browser.pending("careers")).toBeUndefined();
    expect(browser.pending("playtesting")).toBeInstanceOf(Promise);
  });
});

describe("memoizedT", () => {
  /** A translate function that counts its calls and says what it was given. */
  function counting() {
    const calls: unknown[][] = [];
    const base = ((...args: unknown[]) => {
      calls.push(args);
      const [key, options] = args;
      if (key === "list") return ["a", "b"];
      return `${key as string} ${JSON.stringify(options ?? null)}`;
    }) as unknown as TFunction;
    return { calls, t: memoizedT(base) as unknown as (...args: unknown[]) => unknown };
  }

  it("translates a key with the same plain values once, and each other value on its own", () => {
    const { calls, t } = counting();
    expect(t("locations.link", { city: "Québec" })).toBe('locations.link {"city":"Québec"}');
    expect(t("locations.link", { city: "Québec" })).toBe('locations.link {"city":"Québec"}');
    expect(t("locations.link", { city: "Lyon" })).toBe('locations.link {"city":"Lyon"}');
    expect(t("slide", { index: 1, count: 3 })).toBe('slide {"index":1,"count":3}');
    expect(t("slide", { index: 1, count: 3, ordinal: true })).toBe(
      'slide {"index":1,"count":3,"ordinal":true}',
    );
    expect(t("slide", { index: 1, count: 3 })).toBe('slide {"index":1,"count":3}');
    expect(calls).toHaveLength(4);
  });

  it("asks every time when an option is not a string, number or boolean, or the answer not a text", () => {
    const { calls, t } = counting();
    const when = { date: new Date(0) };
    t("posted", when);
    t("posted", when);
    t("posted", "a default");
    t("posted", "a default");
    expect(t("list", { returnObjects: true })).toEqual(["a", "b"]);
    expect(t("list", { returnObjects: true })).not.toBe(t("list", { returnObjects: true }));
    expect(calls).toHaveLength(7);
  });

  it("starts over past its bound, so values from visitors cannot grow it for ever", () => {
    const { calls, t } = counting();
    for (let i = 0; i <= maxMemoizedCallsWithOptions; i++) t("results", { query: `q${i}` });
    expect(calls).toHaveLength(maxMemoizedCallsWithOptions + 1);
    t("results", { query: `q${maxMemoizedCallsWithOptions}` });
    expect(calls).toHaveLength(maxMemoizedCallsWithOptions + 1);
    t("results", { query: "q0" });
    expect(calls).toHaveLength(maxMemoizedCallsWithOptions + 2);
  });
});
