import { type CSSProperties, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useHydrated } from "~/ui/use-hydrated";
import type { FeedbackStore, Toast } from "./feedback-store";
import { translateMessage } from "./translate-message";

/**
 * Toasts for what the page does not say itself: errors at the top center as the requirements fix
 * (docs/requirements.md#errors-and-feedback), confirmations at the bottom center, where they
 * cover neither the heading nor the cookie banner (feedback.css): a page that confirms in
 * its own content gets no toast (`redirectToConfirmation`). Errors in an assertive
 * region, confirmations in a polite one, both always in the page so screen readers announce what is
 * added. Timers pause while the pointer or focus is on a toast (WCAG 2.2.1), and each can be
 * dismissed. Without JavaScript the server-rendered ones (flash messages) fade out by CSS after
 * their time.
 */
export function Toasts({ store }: { store: FeedbackStore }) {
  const { toasts } = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const hydrated = useHydrated();
  const [paused, setPaused] = useState(false);
  const stack = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = stack.current;
    if (!element) return;
    const pause = () => setPaused(true);
    const resume = () => setPaused(false);
    const focusOut = (event: FocusEvent) => {
      if (!element.contains(event.relatedTarget as Node | null)) resume();
    };
    element.addEventListener("mouseenter", pause);
    element.addEventListener("mouseleave", resume);
    element.addEventListener("focusin", pause);
    element.addEventListener("focusout", focusOut);
    return () => {
      element.removeEventListener("mouseenter", pause);
      element.removeEventListener("mouseleave", resume);
      element.removeEventListener("focusin", pause);
      element.removeEventListener("focusout", focusOut);
    };
  }, []);
  const errors = toasts.filter((toast) => toast.kind === "error");
  const notes = toasts.filter((toast) => toast.kind !== "error");

  const item = (toast: Toast) => (
    <ToastItem
      key={toast.id}
      toast={toast}
      paused={paused}
      interactive={hydrated}
      onDismiss={store.dismiss}
    />
  );

  return (
    <div className="toasts" ref={stack} data-hydrated={hydrated ? "" : undefined}>
      <div className="toasts__region toasts__region--errors" role="alert" aria-live="assertive">
        {errors.map(item)}
      </div>
      <div className="toasts__region toasts__region--notes" role="status" aria-live="polite">
        {notes.map(item)}
      </div>
    </div>
  );
}

function ToastItem({
  toast,
  paused,
  interactive,
  onDismiss,
}: {
  toast: Toast;
  paused: boolean;
  interactive: boolean;
  onDismiss: (id: number) => void;
}) {
  const { t, i18n } = useTranslation("feedback");

  useEffect(() => {
    if (paused) return;
    // After a pause the toast gets its whole time again: the reader was just looking at it.
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, toast.durationMs, onDismiss]);

  return (
    <div
      className="toast"
      data-kind={toast.kind}
      style={{ "--toast-duration": `${toast.durationMs}ms` } as CSSProperties}
    >
      <span className="toast__icon" aria-hidden="true" />
      <p className="toast__text">{translateMessage(i18n, toast.message)}</p>
      {interactive ? (
        <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t("toasts.dismiss")}</span>
        </button>
      ) : null}
    </div>
  );
}
