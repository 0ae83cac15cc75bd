import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { trapTabKey } from "~/ui/frame/focus-trap";
import { useHydrated } from "~/ui/use-hydrated";
import "./dialog.css";

type DialogProps = {
  open: boolean;
  /** Called when the visitor asks to close: Escape, the close button, a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (confirm / cancel). */
  actions?: ReactNode;
  size?: "small" | "medium" | "large";
  /**
   * Where the close control leads before JavaScript runs, for a dialog the server renders open
   * (e.g. a confirmation reached by a link): without it that dialog could not be left.
   */
  closeHref?: string;
  className?: string;
};

/** Waits for the closing fade; under reduced motion there is none and this returns at once. */
async function fadeOut(dialog: HTMLDialogElement): Promise<void> {
  dialog.dataset.closing = "";
  const running = dialog.getAnimations({ subtree: true });
  await Promise.allSettled(running.map((animation) => animation.finished));
}

/**
 * A modal dialog (docs/requirements.md#forms-and-validation: modals open and close with a fade) on
 * the native <dialog>: shown with showModal(), the rest of the page is inert and the dialog sits in
 * the top layer. Focus moves in, Tab stays in, Escape closes, and focus returns to what opened it.
 * Labelled by its title and described by its description.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  actions,
  size = "medium",
  closeHref,
  className,
}: DialogProps) {
  const { t } = useTranslation("forms");
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const enhanced = useHydrated();
  // The `open` attribute is React's only on the first render (the server's markup, for a visit
  // without JavaScript); after that showModal() and close() own it, so React must not diff it.
  const [openAtFirstRender] = useState(open);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const descriptionId = `${baseId}-description`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    let cancelled = false;
    if (open) {
      // Reopened while fading out: the fade stops and the dialog stays.
      delete dialog.dataset.closing;
      if (!dialog.matches(":modal")) {
        // Rendered open by the server (no script yet): reopen it as a real modal.
        if (dialog.open) dialog.close();
        opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        dialog.showModal();
      }
    } else if (!open && dialog.open) {
      void fadeOut(dialog).then(() => {
        if (cancelled) return;
        dialog.close();
        delete dialog.dataset.closing;
        const target = opener.current;
        opener.current = null;
        if (target?.isConnected) target.focus();
      });
    }
    return () => {
      cancelled = true;
    };
  }, [open]);

  const requestClose = () => onCloseRef.current();

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}${className ? ` ${className}` : ""}`}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      open={openAtFirstRender || undefined}
      onCancel={(event) => {
        // Escape: keep the dialog until the fade is done, which `open` turning false starts.
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // Closed some other way (a <form method="dialog">, the browser): keep the state in step.
        // A dialog open again by now was only being turned into a modal (see the effect).
        if (open && !ref.current?.open) requestClose();
      }}
      onKeyDown={(event) => {
        if (ref.current) trapTabKey(event.nativeEvent, ref.current);
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside the panel.
        if (event.target === ref.current) requestClose();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          {closeHref && !enhanced ? (
            <a className="dialog__close" href={closeHref} aria-label={t("dialog.close")}>
              <CloseIcon />
            </a>
          ) : (
            <button
              type="button"
              className="dialog__close"
              aria-label={t("dialog.close")}
              onClick={requestClose}
            >
              <CloseIcon />
            </button>
          )}
        </header>
        {description ? (
          <div className="dialog__description" id={descriptionId}>
            {description}
          </div>
        ) : null}
        {children ? <div className="dialog__body">{children}</div> : null}
        {actions ? <footer className="dialog__actions">{actions}</footer> : null}
      </div>
    </dialog>
  );
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
