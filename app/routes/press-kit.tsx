import { data, redirect } from "react-router";
import type { SitemapHandle } from "~/features/discovery";
import { trailerCspExtras } from "~/features/embeds/index.server";
import { KitHeader, KitNav, kitPath, PressKitBody, withLabels } from "~/features/press";
import { kitSlug, pressKitsOf } from "~/features/press/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { SiteLink } from "~/platform/http/prefetch";
import { localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageCspHeader } from "~/platform/security/headers.server";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/press-kit";

/** One press kit: a game's (current or archived) or an earlier studio kit. */
export const handle: SitemapHandle = { sitemap: { pages: "game-press-kits" } };
/** Cacheable, and a trailer's player origin in this page's CSP only (pageHeaders). */
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  if (!kitSlug.safeParse(params.slug).success) throw data(null, { status: 404 });
  const lang = routeLanguage(params);
  const kit = await pressKitsOf(context.get(servicesContext)).get(params.slug, lang);
  if (!kit) throw data(null, { status: 404 });
  // The studio's current kit is the press page itself: one address for one page.
  if (kitPath(kit) !== `/press/${kit.slug}`) throw redirect(localizePath(kitPath(kit), lang), 301);
  const t = await translator(lang, "press");
  const seo = {
    ...(await loadPageSeo(args, "press", { title: t("factSheet.title", { name: kit.name }) })),
    description: kit.tagline,
  };
  return data({ seo, kit: withLabels(kit, lang) }, { headers: pageCspHeader(trailerCspExtras(kit.trailer)) });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        ...pageMeta(loaderData.seo),
        // An archived kit is kept for the record; search results should lead to the current one.
        ...(loaderData.kit.archived ? [{ name: "robots", content: "noindex" }] : []),
      ]
    : [];

export default function PressKitPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("press");
  const localize = useLocalizePath();
  const { kit } = loaderData;
  return (
    <>
      <p className="kit-back container">
        <SiteLink className="text-link" to={localize("/press")}>
          ← {kit.archived ? t("kits.current") : t("kits.back")}
        </SiteLink>
      </p>
      <KitHeader kit={kit} label={t("kits.open")} />
      <KitNav kit={kit} />
      <PressKitBody kit={kit} />
    </>
  );
}
