import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useHydrated } from "~/ui/use-hydrated";
import { useEmbedConsent } from "./embed-consent";
import { documentIsCurrentPage, reloadToLoad, takePendingLoad } from "./page-document";
import type { EmbedProvider } from "./providers";
import { setRemembered, useRememberedEmbeds } from "./remembered";

type Props = {
  provider: EmbedProvider;
  /** The provider as the visitor knows it ("YouTube", the tile server's host). */
  providerName: string;
  /** What would load: the trailer's title, "Map of our studios". */
  title: string;
  /** Its page on the provider's site: offered before loading, and the only way without JavaScript. */
  link?: { href: string; label: string };
  /** Videos keep 16:9; the map keeps the map's box. */
  shape: "video" | "map";
  /** Names this embed on the page, to load it after a reload asked from it. */
  embedKey: string;
  /** A picture of our own shown behind the notice (nothing of the provider loads before a click). */
  poster?: { url: string; width: number; height: number; srcSet?: string; sizes?: string };
  /** The embed itself, rendered only once loaded. */
  children: () => ReactNode;
};

/**
 * Nothing foreign before a click (docs/decisions/0025-click-to-load-embeds.md): an
 * outside player or map is first this placeholder, naming the provider and what loading it
 * shares, with a link to the provider's own page; with JavaScript, a Load button swaps in the
 * embed and "Always load …" remembers the choice in this browser. A remembered provider loads
 * without asking, decided here in the browser, so the server's HTML is the same for everyone.
 */
export function EmbedPlaceholder({
  provider,
  providerName,
  title,
  link,
  shape,
  embedKey,
  poster,
  children,
}: Props) {
  const { t } = useTranslation("embeds");
  const hydrated = useHydrated();
  const remembered = useRememberedEmbeds().includes(provider);
  const { revision, record } = useEmbedConsent();
  const [loaded, setLoaded] = useState(false);
  const [remember, setRemember] = useState(false);
  const frame = useRef<HTMLElement>(null);
  const focusOnLoad = useRef(false);
  const titleId = useId();
  const rememberId = useId();

  // A remembered provider, or a Load pressed before the reload that gave this page its own
  // policy: load now. Never under another page's policy (it would be refused).
  useEffect(() => {
    if (loaded || !documentIsCurrentPage()) return;
    if (takePendingLoad(embedKey)) {
      focusOnLoad.current = true;
      setLoaded(true);
    } else if (remembered) {
      setLoaded(true);
    }
  }, [remembered, embedKey, loaded]);

  // After a click, focus follows into what was loaded rather than falling back to the page.
  useEffect(() => {
    if (loaded && focusOnLoad.current) {
      focusOnLoad.current = false;
      frame.current?.focus({ preventScroll: false });
    }
  }, [loaded]);

  function load() {
    if (remember) {
      setRemembered(provider, true, revision);
      record(provider, true);
    }
    if (!documentIsCurrentPage()) {
      reloadToLoad(embedKey);
      return;
    }
    focusOnLoad.current = true;
    setLoaded(true);
  }

  // The map has no page of its own to link to: without JavaScript the office list stands in.
  if (!hydrated && !link) return null;

  if (loaded) {
    return (
      <figure ref={frame} className={`embed embed--${shape} embed--loaded`} tabIndex={-1} aria-label={title}>
        {children()}
      </figure>
    );
  }

  const providerKind = provider === "map" ? "map" : "video";
  return (
    <figure className={`embed embed--${shape}`} aria-labelledby={titleId}>
      {poster ? (
        <img
          className="embed__poster"
          src={poster.url}
          srcSet={poster.srcSet}
          sizes={poster.sizes}
          alt=""
          width={poster.width}
          height={poster.height}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <div className="embed__panel">
        <p className="embed__provider">
          <span className="embed__badge">{providerName}</span>
        </p>
        <p className="embed__title" id={titleId}>
          {title}
        </p>
        <p className="embed__notice">{t(`notice.${providerKind}`, { provider: providerName })}</p>
        {hydrated ? (
          <div className="embed__actions">
            <button type="button" className="button button--primary embed__load" onClick={load}>
              <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
              </svg>
              {t(`load.${providerKind}`)}
            </button>
            <span className="embed__remember">
              <input
                type="checkbox"
                id={rememberId}
                checked={remember}
                onChange={(event) => setRemember(event.currentTarget.checked)}
              />
              <label htmlFor={rememberId}>{t(`always.${provider}`, { provider: providerName })}</label>
            </span>
          </div>
        ) : null}
        {link ? (
          <p className="embed__link">
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <span className="visually-hidden"> ({t("newTab")})</span>
            </a>
          </p>
        ) : null}
      </div>
    </figure>
  );
}
