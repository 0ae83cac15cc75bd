import { useTranslation } from "~/platform/i18n/use-translation";
import { PlatformIcon } from "../PlatformIcon";
import type { Platform } from "../platform-names";
import "../platforms.css";

/**
 * "Sign in with Steam" and the others, for the configured platforms only. Plain forms to the
 * JSON API's `login`, which answers a browser's form with a redirect to the platform. The page
 * renders it only when at least one platform is configured.
 */
export function PlatformSignIn({ platforms, language }: { platforms: Platform[]; language: string }) {
  const { t } = useTranslation("platforms");
  return (
    <section className="platform-signin" aria-labelledby="platform-signin-title">
      <h2 className="platform-signin__title" id="platform-signin-title">
        {t("signIn.title")}
      </h2>
      <div className="platform-signin__buttons">
        {platforms.map((platform) => (
          <form
            key={platform}
            method="post"
            action={`/api/account/${platform}/login?language=${encodeURIComponent(language)}`}
          >
            <button type="submit" className="button platform-signin__button">
              <PlatformIcon platform={platform} />
              {t("signIn.with", { platform: t(`names.${platform}`) })}
            </button>
          </form>
        ))}
      </div>
    </section>
  );
}
