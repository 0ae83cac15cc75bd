import { useTranslation } from "~/platform/i18n/use-translation";
import { EmbedPlaceholder } from "./EmbedPlaceholder";
import { playerUrl, providerNames, type Trailer, watchUrl } from "./providers";

/** A trailer as a page gets it from its loader: the provider's id and the title to show. */
export type TrailerView = Trailer & { title: string };

/**
 * A YouTube or Twitch trailer played in the page, after a click (EmbedPlaceholder). YouTube plays
 * from its privacy-enhanced host, youtube-nocookie.com.
 */
export function TrailerEmbed({
  trailer,
  poster,
}: {
  trailer: TrailerView;
  poster?: { url: string; width: number; height: number; srcSet?: string; sizes?: string };
}) {
  const { t } = useTranslation("embeds");
  const name = providerNames[trailer.provider];
  return (
    <EmbedPlaceholder
      provider={trailer.provider}
      providerName={name}
      title={trailer.title}
      link={{ href: watchUrl(trailer), label: t("watchOn", { provider: name }) }}
      shape="video"
      embedKey={`${trailer.provider}:${trailer.id}`}
      poster={poster}
    >
      {() => (
        <iframe
          className="embed__frame"
          src={playerUrl(trailer, window.location.hostname)}
          title={trailer.title}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </EmbedPlaceholder>
  );
}
