import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { FLASH_COOKIE } from "~/ui/feedback/flash.server";
import { analyticsCookieNames } from "./consent.server";
import {
  ANALYTICS_CONSENT_COOKIE,
  CONSENT_COOKIE,
  CONSENT_DENIED,
  CONSENT_GRANTED,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_RECORD_COOKIE,
} from "./consent-cookies";
import { consentPolicy, outsideProviderHost } from "./consent-policy.server";

/** The cookie categories the banner offers, in its order. */
export const consentCategories = ["necessary", "analytics"] as const;
export type ConsentCategory = (typeof consentCategories)[number];

export type ConsentSettings = {
  /**
   * The consent policy's revision (content/consent.yaml): a choice made under an older one is
   * asked again.
   */
  revision: number;
  /**
   * What the record cookie's revision must be for a stored choice to stand: `revision`, and a
   * digest of the outside providers' origins when one is configured (`2-1a2b3c4d`,
   * docs/decisions/0042). A choice made under another is asked again.
   */
  effectiveRevision: string;
  /** `record`: the consent id and the revision the choice was made under (`<id>.<revision>`). */
  cookies: { consent: string; analytics: string; record: string };
  values: { granted: string; denied: string };
  maxAgeDays: number;
  categories: Array<{
    id: ConsentCategory;
    /** Always on: the box is ticked and disabled. */
    required: boolean;
    label: string;
    description: string;
    /** The cookies the category covers (names as the browser stores them). */
    cookies: string[];
  }>;
  analytics: {
    /** Page views are counted by this site (POST /api/analytics/pageview). */
    firstParty: true;
    provider: { configured: false } | { configured: true; origin: string };
  };
};

/**
 * GET /api/configs/consents (docs/requirements.md#cookie-consent-and-analytics): what the banner
 * offers, labelled in one language.
 */
export async function consentSettings(
  { config, db }: { config: Config; db: Db },
  lang: Language,
): Promise<ConsentSettings> {
  const [t, policy] = await Promise.all([translator(lang, "consent"), consentPolicy({ config, db })]);
  const provider = outsideProviderHost(config);
  return {
    revision: policy.revision,
    effectiveRevision: policy.effectiveRevision,
    cookies: { consent: CONSENT_COOKIE, analytics: ANALYTICS_CONSENT_COOKIE, record: CONSENT_RECORD_COOKIE },
    values: { granted: CONSENT_GRANTED, denied: CONSENT_DENIED },
    maxAgeDays: CONSENT_MAX_AGE_DAYS,
    categories: [
      {
        id: "necessary",
        required: true,
        label: t("categories.necessary.label"),
        description: t("categories.necessary.description"),
        cookies: [CONSENT_COOKIE, ANALYTICS_CONSENT_COOKIE, CONSENT_RECORD_COOKIE, FLASH_COOKIE],
      },
      {
        id: "analytics",
        required: false,
        label: t("categories.analytics.label"),
        // An outside provider is named: what it receives is not what first-party counts are.
        description: provider
          ? t("categories.analytics.descriptionProvider", { provider })
          : t("categories.analytics.description"),
        cookies: analyticsCookieNames(config),
      },
    ],
    analytics: {
      firstParty: true,
      provider: policy.providers[0]
        ? { configured: true, origin: policy.providers[0] }
        : { configured: false },
    },
  };
}
