import type { TFunction } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n, loadAllLanguages } from "./catalogs";
import { maxMemoizedCallsWithOptions, memoizedT } from "./memoized-t";
import { useTranslation } from "./use-translation";

function Header({ count }: { count: number }) {
  const { t, i18n } = useTranslation("careers");
  return (
    <p lang={i18n.language}>
      {t("header.label")} / {t("header.content", { count, offices: 7 })}
    </p>
  );
}

const render = (i18n: ReturnType<typeof createI18n>, count = 400) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <Header count={count} />
    </I18nextProvider>,
  );

describe("useTranslation", () => {
  it("translates plain keys and keys with values in the instance's language", async () => {
    const resources = await loadAllLanguages();
    expect(render(createI18n("en", resources))).toBe(
      '<p lang="en">Careers<!-- --> / <!-- -->We are over 400 people across 7 studios, building worlds for millions of players. Bring your craft, your curiosity and your voice.</p>',
    );
    const fr = render(createI18n("fr", resources), 12);
    expect(fr).toContain('<p lang="fr">Carrières');
    expect(fr).toContain("12");
  });

  it("gives a key's new text once a bundle replaces it (the browser loading a language)", async () => {
    // A copy: adding a bundle edits the catalogs the instance was given.
    const i18n = createI18n("en", structuredClone(await loadAllLanguages()));
    expect(render(i18n)).toContain("Careers<!-- -->");
    expect(render(i18n)).toContain("We are over 400 people");
    i18n.addResourceBundle(
      "en",
      "careers",
      { header: { label: "Jobs", content: "{{count}} of us" } },
      true,
      true,
    );
    expect(render(i18n)).toContain("Jobs<!-- -->");
    expect(render(i18n)).toContain("400 of us");
  });

  it("follows the instance when it changes language", async () => {
    const i18n = createI18n("en", await loadAllLanguages());
    expect(render(i18n)).toContain('lang="en">Careers');
    await i18n.changeLanguage("es");
    expect(render(i18n)).toContain('lang="es">Empleo');
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
