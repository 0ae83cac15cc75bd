import { describe, expect, it, vi } from "vitest";
import {
  createFeedbackStore,
  MAX_TOASTS,
  STORED_ERROR_DURATION_MS,
  TOAST_DURATION_MS,
} from "./feedback-store";

describe("feedback store", () => {
  it("shows one 4 s toast per message of a failed response", () => {
    const store = createFeedbackStore();
    store.showToasts(["EMAIL_IN_USE", "TOO_MANY_REQUESTS"]);
    const { toasts } = store.getSnapshot();
    expect(toasts.map((t) => [t.message, t.kind, t.durationMs])).toEqual([
      ["EMAIL_IN_USE", "error", TOAST_DURATION_MS],
      ["TOO_MANY_REQUESTS", "error", TOAST_DURATION_MS],
    ]);
    expect(TOAST_DURATION_MS).toBe(4000);
  });

  it("keeps stored errors in the errors list while they show, for 2 s", () => {
    const store = createFeedbackStore();
    store.addError("INVALID_EMAIL");
    const toast = store.getSnapshot().toasts[0]!;
    expect(store.getSnapshot().errors).toEqual(["INVALID_EMAIL"]);
    expect(toast.durationMs).toBe(STORED_ERROR_DURATION_MS);
    expect(STORED_ERROR_DURATION_MS).toBe(2000);
    store.dismiss(toast.id);
    expect(store.getSnapshot()).toEqual({ toasts: [], errors: [] });
  });

  it("shows a repeated message once, as the newest", () => {
    const store = createFeedbackStore();
    store.showToasts(["NETWORK_ERROR"]);
    store.showToasts(["EMAIL_IN_USE"]);
    store.showToasts(["NETWORK_ERROR"]);
    expect(store.getSnapshot().toasts.map((t) => t.message)).toEqual(["EMAIL_IN_USE", "NETWORK_ERROR"]);
  });

  it("keeps the stored errors list equal to what is on screen when old toasts go", () => {
    const store = createFeedbackStore();
    store.addError("A");
    for (let i = 0; i < MAX_TOASTS; i++) store.showToasts([`M${i}`]);
    expect(store.getSnapshot().toasts).toHaveLength(MAX_TOASTS);
    expect(store.getSnapshot().errors).toEqual([]);
  });

  it("notifies subscribers and starts with the server's flash toasts", () => {
    const store = createFeedbackStore([{ message: "alerts:created", kind: "success", durationMs: 4000 }]);
    expect(store.getSnapshot().toasts).toEqual([
      { id: 1, message: "alerts:created", kind: "success", durationMs: 4000 },
    ]);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.showToasts(["x"], "info");
    stop();
    store.showToasts(["y"], "info");
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
