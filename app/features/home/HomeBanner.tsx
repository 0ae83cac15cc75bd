import "./banners.css";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import type { Banner } from "./banners.server";
import type { HomeContent } from "./types";

type BannerItem = Pick<Banner, "slug" | "title" | "body" | "link" | "linkLabel">;

/**
 * The home page banners: those of content/banners/ showing today (the same list as
 * GET /api/multibanners), in their order; the home page's own banner when none is showing.
 * A site path is localized; an outside address opens as a plain link.
 */
export function HomeBanner({
  banners,
  fallback,
}: {
  banners: BannerItem[];
  fallback: HomeContent["banner"];
}) {
  const localize = useLocalizePath();
  const items: BannerItem[] = banners.length
    ? banners
    : [
        {
          slug: "home",
          title: fallback.title,
          body: fallback.body,
          link: fallback.link,
          linkLabel: fallback.linkLabel,
        },
      ];
  return (
    <div className="promo-banner promo-banner--home">
      <ul className="container home-banners">
        {items.map((banner) => {
          const titleId = `home-banner-${banner.slug}`;
          return (
            <li key={banner.slug} className="promo-banner__inner">
              <section className="promo-banner__text" aria-labelledby={titleId}>
                <h2 id={titleId} className="promo-banner__title">
                  {banner.title}
                </h2>
                <p>{banner.body}</p>
              </section>
              {banner.link && banner.linkLabel ? (
                banner.link.startsWith("/") ? (
                  <SiteLink className="button button--primary" to={localize(banner.link)}>
                    {banner.linkLabel}
                  </SiteLink>
                ) : (
                  <a className="button button--primary" href={banner.link}>
                    {banner.linkLabel}
                  </a>
                )
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
