/**
 * The client state that feedback shows (docs/requirements.md#errors-and-feedback): toasts (failed
 * requests, flash messages, confirmations) and the stored `errors` list. One store per rendered app
 * (never a module global: the server renders many visitors' pages at once).
 */

export type ToastKind = "error" | "success" | "info";
export type Toast = {
  id: number;
  /** A message code or catalog key, translated when rendered (translate-message.ts). */
  message: string;
  kind: ToastKind;
  durationMs: number;
  /** Set for the toast that shows an entry of the stored errors list. */
  storedError?: boolean;
};

/**
 * docs/requirements.md#errors-and-feedback: error toasts stay 4 s; stored errors show and clear
 * after 2 s.
 */
export const TOAST_DURATION_MS = 4000;
export const STORED_ERROR_DURATION_MS = 2000;
/** More at once would cover the page; the oldest go first. */
export const MAX_TOASTS = 5;

export type FeedbackState = { toasts: Toast[]; errors: string[] };

/** A one-time message carried across a redirect (flash.server.ts writes it, the root shows it). */
export type Flash = { kind: ToastKind; messages: string[] };

export function createFeedbackStore(initial: Array<Omit<Toast, "id">> = []) {
  let nextId = 1;
  const listeners = new Set<() => void>();
  let state = withErrors(initial.map((toast) => ({ ...toast, id: nextId++ })));

  /** The stored errors list is exactly the stored-error toasts on screen. */
  function withErrors(toasts: Toast[]): FeedbackState {
    return { toasts, errors: toasts.filter((t) => t.storedError).map((t) => t.message) };
  }

  function set(toasts: Toast[]) {
    state = withErrors(toasts);
    for (const listener of listeners) listener();
  }

  function add(toasts: Toast[], toast: Omit<Toast, "id">): Toast[] {
    // The same message twice (two failing requests) shows once, with its timer restarted.
    const others = toasts.filter(
      (t) =>
        !(t.message === toast.message && t.kind === toast.kind && !!t.storedError === !!toast.storedError),
    );
    return [...others, { ...toast, id: nextId++ }].slice(-MAX_TOASTS);
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,

    /** One toast per message (a failed response's `messages`, a flash, a confirmation). */
    showToasts(messages: readonly string[], kind: ToastKind = "error", durationMs = TOAST_DURATION_MS) {
      let toasts = state.toasts;
      for (const message of messages) toasts = add(toasts, { message, kind, durationMs });
      set(toasts);
    },

    /** Adds to the stored errors list; the entry shows as a toast and clears after 2 s. */
    addError(message: string) {
      set(
        add(state.toasts, {
          message,
          kind: "error",
          durationMs: STORED_ERROR_DURATION_MS,
          storedError: true,
        }),
      );
    },

    dismiss(id: number) {
      if (state.toasts.some((t) => t.id === id)) set(state.toasts.filter((t) => t.id !== id));
    },
  };
}

export type FeedbackStore = ReturnType<typeof createFeedbackStore>;
