import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";

type Props = { title: string; url: string; studioName: string };

/**
 * Share: the device's own share sheet where the browser has one (phones); otherwise copy link
 * and links to networks. Without JavaScript the network links still work.
 */
export function ShareArticle({ title, url, studioName }: Props) {
  const { t } = useTranslation("blog");
  const [canShare, setCanShare] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  const [status, setStatus] = useState("");

  useEffect(() => {
    setCanShare(typeof navigator.share === "function");
    setCanCopy(Boolean(navigator.clipboard));
  }, []);

  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // Dismissed by the visitor: nothing to say.
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(t("article.copied"));
      setTimeout(() => setStatus(""), 3000);
    } catch {
      // Clipboard refused: the links remain.
    }
  };

  const subject = t("article.emailSubject", { title, studio: studioName });
  const u = encodeURIComponent(url);
  const networks = [
    {
      key: "linkedin",
      label: t("article.shareLinkedIn"),
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    },
    {
      key: "x",
      label: t("article.shareX"),
      href: `https://x.com/intent/post?text=${encodeURIComponent(title)}&url=${u}`,
    },
    {
      key: "bluesky",
      label: t("article.shareBluesky"),
      href: `https://bsky.app/intent/compose?text=${encodeURIComponent(`${title} ${url}`)}`,
    },
    {
      key: "facebook",
      label: t("article.shareFacebook"),
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    },
  ];

  return (
    <section className="news-share" aria-labelledby="news-share-title">
      <h2 className="news-share__title" id="news-share-title">
        {t("article.shareLabel")}
      </h2>
      <ul className="news-share__list">
        {canShare ? (
          <li>
            <button type="button" className="button button--primary button--small" onClick={share}>
              {t("article.share")}
            </button>
          </li>
        ) : null}
        {canCopy ? (
          <li>
            <button type="button" className="button button--small" onClick={copy}>
              {t("article.copyLink")}
            </button>
          </li>
        ) : null}
        <li>
          <a
            className="button button--ghost button--small"
            href={`mailto:?subject=${encodeURIComponent(subject)}&body=${u}`}
          >
            {t("article.shareEmail")}
          </a>
        </li>
        {networks.map((n) => (
          <li key={n.key}>
            <a
              className="button button--ghost button--small"
              href={n.href}
              target="_blank"
              rel="noopener noreferrer"
            >
              {n.label}
              <span className="visually-hidden"> {t("article.newTab")}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </section>
  );
}
