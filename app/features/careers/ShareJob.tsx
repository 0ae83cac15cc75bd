import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";

type Props = { title: string; url: string; studioName: string };

/**
 * Share actions for a job: plain links (e-mail, LinkedIn, X) inside a disclosure, so sharing
 * works without JavaScript; "Copy link" appears only where the clipboard API can run. Where the
 * browser has native sharing (phones mostly), one button opens the system's share sheet instead.
 */
export function ShareJob({ title, url, studioName }: Props) {
  const { t } = useTranslation("careers");
  const [canCopy, setCanCopy] = useState(false);
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard));
    setCanShare(typeof navigator !== "undefined" && typeof navigator.share === "function");
  }, []);

  useEffect(() => {
    // Escape or a click elsewhere closes the menu, as a visitor expects from a popup.
    const close = (event: Event) => {
      const el = details.current;
      if (!el?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        el.open = false;
        el.querySelector("summary")?.focus();
        return;
      }
      if (!el.contains(event.target as Node)) el.open = false;
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);

  const subject = t("job.emailSubject", { title, studio: studioName });
  const body = t("job.emailBody", { url });
  const links = [
    {
      key: "email",
      label: t("job.shareEmail"),
      href: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`,
      external: false,
    },
    {
      key: "linkedin",
      label: t("job.shareLinkedIn"),
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
      external: true,
    },
    {
      key: "x",
      label: t("job.shareX"),
      href: `https://x.com/intent/post?text=${encodeURIComponent(subject)}&url=${encodeURIComponent(url)}`,
      external: true,
    },
  ];

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      // Permission refused: the other share links remain.
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: subject, url });
    } catch {
      // The visitor closed the share sheet: nothing to do.
    }
  };

  if (canShare) {
    return (
      <div className="share">
        <button type="button" className="button" onClick={share}>
          {t("job.share")}
        </button>
      </div>
    );
  }

  return (
    <div className="share">
      <details className="share__details" ref={details}>
        <summary className="button">
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M14 6.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Zm-8 6a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Zm8 6a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM8.2 11.2l3.6 2.1m0-6.6-3.6 2.1"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            />
          </svg>
          {t("job.share")}
        </summary>
        <ul className="share__menu">
          {links.map((link) => (
            <li key={link.key}>
              <a
                href={link.href}
                {...(link.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              >
                {link.label}
                {link.external ? <span className="visually-hidden"> {t("job.newTab")}</span> : null}
              </a>
            </li>
          ))}
          {canCopy ? (
            <li>
              <button type="button" onClick={copy}>
                {t("job.copyLink")}
              </button>
            </li>
          ) : null}
        </ul>
      </details>
      <p className="visually-hidden" role="status">
        {copied ? t("job.copied") : ""}
      </p>
    </div>
  );
}
