import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n, loadAllLanguages } from "./catalogs";
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
    i18n.addResourceBundle("en", "careers", { header: { label: "Jobs" } }, true, true);
    expect(render(i18n)).toContain("Jobs<!-- -->");
  });

  it("follows the instance when it changes language", async () => {
    const i18n = createI18n("en", await loadAllLanguages());
    expect(render(i18n)).toContain('lang="en">Careers');
    await i18n.changeLanguage("es");
    expect(render(i18n)).toContain('lang="es">Empleo');
  });
});
