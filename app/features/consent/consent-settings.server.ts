import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import {
  type CookieCategory,
  cookieCategories,
  cookieNames,
} from "~/platform/privacy/cookie-registry.server";
import {
  ANALYTICS_CONSENT_COOKIE,
  CONSENT_COOKIE,
  CONSENT_DENIED,
  CONSENT_GRANTED,
  CONSENT_MAX_AGE_DAYS,
  CONSENT_RECORD_COOKIE,
} from "./consent-cookies";
import { consentPolicy, outsideProviderHost } from "./consent-policy.server";
import { siteCookies } from "./cookie-list.server";

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
    id: CookieCategory;
    /** Always on: the box is ticked and disabled. */
    required: boolean;
    label: string;
    description: string;
    /**
     * The cookies the category covers (names as the browser stores them under this
     * configuration), from the site's cookie list.
     */
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
    categories: cookieCategories.map((id) => ({
      id,
      required: id === "necessary",
      label: t(`categories.${id}.label`),
      // An outside provider is named: what it receives is not what first-party counts are.
      description:
        id === "analytics" && provider
          ? t("categories.analytics.descriptionProvider", { provider })
          : t(`categories.${id}.description`),
      cookies: siteCookies()
        .filter((cookie) => cookie.category === id)
        .flatMap((cookie) => cookieNames(cookie, config)),
    })),
    analytics: {
      firstParty: true,
      provider: policy.providers[0]
        ? { configured: true, origin: policy.providers[0] }
        : { configured: false },
    },
  };
}
