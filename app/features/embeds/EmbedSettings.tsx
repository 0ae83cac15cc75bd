import { useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useEmbedConsent } from "./embed-consent";
import { type EmbedProvider, providerNames } from "./providers";
import { setRemembered, useRememberedEmbeds } from "./remembered";

/**
 * The cookie settings' list of providers the visitor chose to always load, to withdraw that
 * choice: unticking forgets it at once in this browser, and is recorded like ticking it was. Shown only while something is remembered, and only with JavaScript (the choice can only
 * be made with it).
 */
export function EmbedSettings() {
  const { t } = useTranslation("embeds");
  const remembered = useRememberedEmbeds();
  const { revision, record } = useEmbedConsent();
  // Kept on screen once unticked, so the box does not vanish under the visitor's pointer.
  const [shown, setShown] = useState<EmbedProvider[]>([]);
  const [status, setStatus] = useState("");
  const listed = [...new Set([...shown, ...remembered])].sort();
  if (!listed.length) return null;

  function toggle(provider: EmbedProvider, remember: boolean) {
    setShown((current) => [...new Set([...current, provider])]);
    setRemembered(provider, remember, revision);
    record(provider, remember);
    const name = provider === "map" ? t("settings.map") : providerNames[provider];
    setStatus(t(remember ? "settings.remembered" : "settings.withdrawn", { provider: name }));
  }

  return (
    <fieldset className="embed-settings">
      <legend className="embed-settings__legend">{t("settings.legend")}</legend>
      <p className="embed-settings__hint">{t("settings.hint")}</p>
      <ul className="embed-settings__list">
        {listed.map((provider) => (
          <li key={provider}>
            <label className="embed-settings__option">
              <input
                type="checkbox"
                checked={remembered.includes(provider)}
                onChange={(event) => toggle(provider, event.currentTarget.checked)}
              />
              {provider === "map" ? t("settings.alwaysMap") : t(`always.${provider}`)}
            </label>
          </li>
        ))}
      </ul>
      <p className="embed-settings__status" role="status">
        {status}
      </p>
    </fieldset>
  );
}
