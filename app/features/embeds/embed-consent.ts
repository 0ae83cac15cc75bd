import { createContext, useContext } from "react";
import type { EmbedProvider } from "./providers";

/**
 * What the players and the map need of the visitor's cookie consent, given by the consent
 * feature around the page (ConsentProvider), so that this feature knows nothing of it:
 * - `revision`: the effective revision of the consent policy in force; an "Always load …"
 *   remembered under another one no longer counts (remembered.ts);
 * - `record`: files "Always load …" ticked or unticked as a record under the visitor's consent
 *   id, like a choice in the banner (POST /api/consents `{ embed, always }`).
 */
export type EmbedConsent = {
  revision: string | null;
  record: (provider: EmbedProvider, always: boolean) => void;
};

export const EmbedConsentContext = createContext<EmbedConsent>({ revision: null, record: () => {} });

export const useEmbedConsent = () => useContext(EmbedConsentContext);
