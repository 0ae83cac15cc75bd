import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { useHydrated } from "~/ui/use-hydrated";
import type { MenuSlide } from "./menu-slides";
import { prefersReducedMotion } from "./scroll-to-element";

/**
 * The mobile menu's three-slide carousel, after the WAI-ARIA carousel pattern: previous/next
 * buttons, one picker button per slide, slides as labelled groups, and no autoplay (so nothing
 * moves unless the visitor asks). The track is a scroll-snap strip, so without JavaScript the
 * slides still swipe and scroll; with it, slides out of view are inert so Tab and screen
 * readers stay on the one shown, and the polite live region announces each change.
 */
export function MenuCarousel({ slides }: { slides: MenuSlide[] }) {
  const { t } = useTranslation("layout");
  const trackId = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const enhanced = useHydrated();
  const count = slides.length;

  const goTo = (index: number) => {
    const next = (index + count) % count;
    setCurrent(next);
    const track = trackRef.current;
    track?.scrollTo({
      left: next * track.clientWidth,
      behavior: prefersReducedMotion() ? "instant" : "smooth",
    });
  };

  // A swipe moves the strip by itself: follow it once it settles on a slide, never on a frame
  // in between, or a button's smooth scroll across two slides would mark the middle one (and a
  // click in that moment would go from the wrong slide). Browsers with `scrollend` say when a
  // scroll is over; others get a quiet spell of 120 ms, which a stalled frame can still fool.
  const settleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);
  const follow = () => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const index = Math.round(track.scrollLeft / track.clientWidth);
    if (index >= 0 && index < count) setCurrent(index);
  };
  const onScroll = () => {
    if (hasScrollEnd()) return;
    clearTimeout(settleTimer.current);
    settleTimer.current = setTimeout(follow, 120);
  };

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t("carousel.label")}>
      <div
        id={trackId}
        ref={trackRef}
        className="carousel__track"
        aria-live="polite"
        onScroll={onScroll}
        onScrollEnd={follow}
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: an APG carousel slide is a group, not a form fieldset.
          <div
            key={slide.id}
            id={`${trackId}-${slide.id}`}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t("carousel.slide", { index: index + 1, count })}
            inert={enhanced && index !== current}
          >
            <ArtPicture
              art={slide.art.art}
              crop={slide.art.crop}
              className="carousel__image"
              // The menu is a phone's: the slide spans it, up to 640 px wide.
              sizes="(min-width: 640px) 640px, 100vw"
            />
            <div className="carousel__body">
              <p className="eyebrow carousel__label">{t(slide.label)}</p>
              <p className="carousel__title">{t(slide.title)}</p>
              <a className="carousel__link" href={slide.link}>
                {t(slide.linkLabel)}
                <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                  <path d="M3 8h9m0 0-4-4m4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.75" />
                </svg>
              </a>
            </div>
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__arrow"
          aria-controls={trackId}
          aria-label={t("carousel.previous")}
          onClick={() => goTo(current - 1)}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="m10 3-5 5 5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <div className="carousel__dots">
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              className="carousel__dot"
              aria-controls={`${trackId}-${slide.id}`}
              aria-label={t("carousel.goTo", { index: index + 1 })}
              aria-current={index === current ? "true" : undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className="carousel__arrow"
          aria-controls={trackId}
          aria-label={t("carousel.next")}
          onClick={() => goTo(current + 1)}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="m6 3 5 5-5 5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
    </section>
  );
}

function hasScrollEnd(): boolean {
  return typeof window !== "undefined" && "onscrollend" in window;
}
