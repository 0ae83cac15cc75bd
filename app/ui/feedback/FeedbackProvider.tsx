import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { installChunkReloadGuard } from "~/platform/http/chunk-reload";
import { onHttpFailure } from "~/platform/http/client";
import { createFeedbackStore, type FeedbackStore, type Flash, TOAST_DURATION_MS } from "./feedback-store";
import { OfflineNotice } from "./OfflineNotice";
import { ProgressBar } from "./ProgressBar";
import { Toasts } from "./Toasts";

const FeedbackContext = createContext<FeedbackStore | null>(null);

/** The page's feedback store: `showToasts(messages, kind)`, `addError(message)`. */
export function useFeedback(): FeedbackStore {
  const store = useContext(FeedbackContext);
  if (!store) throw new Error("useFeedback() outside <FeedbackProvider>");
  return store;
}

function flashToasts(flash: Flash | null) {
  return (flash?.messages ?? []).map((message) => ({
    message,
    kind: flash!.kind,
    durationMs: TOAST_DURATION_MS,
  }));
}

/**
 * Everything that tells the visitor what the site is doing: the progress bar, toasts (failed
 * client requests, flash messages from the server), the offline notice, and the chunk-load
 * guard. Rendered once, by the root route, around the page.
 */
export function FeedbackProvider({ flash, children }: { flash: Flash | null; children: ReactNode }) {
  // The first flash renders on the server (visitors without JavaScript see it too).
  const [store] = useState(() => createFeedbackStore(flashToasts(flash)));
  const shownFlash = useRef(flash);

  useEffect(() => {
    // A later flash arrives with the root loader's data after a client-side redirect.
    if (flash && flash !== shownFlash.current) store.showToasts(flash.messages, flash.kind);
    shownFlash.current = flash;
  }, [flash, store]);

  useEffect(() => onHttpFailure((failure) => store.showToasts(failure.messages, "error")), [store]);
  useEffect(() => installChunkReloadGuard(), []);

  return (
    <FeedbackContext value={store}>
      <ProgressBar />
      {children}
      <Toasts store={store} />
      <OfflineNotice />
    </FeedbackContext>
  );
}
