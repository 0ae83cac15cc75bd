/**
 * The top progress bar's timing (docs/requirements.md#errors-and-feedback): it appears only after a
 * request has been in flight for the minimum display delay (fast answers never flash a bar), then
 * counts up over about five seconds, updated at most every 200 ms. It never reaches 100 % on its
 * own: the bar completes when the work does.
 */
export const PROGRESS_DURATION_MS = 5000;
export const PROGRESS_THROTTLE_MS = 200;
export const LOADING_MIN_DISPLAY_DELAY_MS = 200;
/** How long the completed (100 %) bar stays before it fades away. */
export const PROGRESS_DONE_HOLD_MS = 300;

/**
 * Percent done after `elapsedMs`: linear to 90 % over the duration, then creeping towards
 * (never reaching) 99 %, so a slow answer still shows movement without promising the end.
 */
export function estimatedProgress(elapsedMs: number, durationMs = PROGRESS_DURATION_MS): number {
  if (!(elapsedMs > 0)) return 0;
  if (elapsedMs <= durationMs) return (90 * elapsedMs) / durationMs;
  return 90 + 9 * (1 - Math.exp(-(elapsedMs - durationMs) / durationMs));
}

export type ProgressFrame = { visible: boolean; value: number };

/** What the bar shows `elapsedMs` after loading started (whole percents for aria-valuenow). */
export function progressFrame(elapsedMs: number): ProgressFrame {
  if (elapsedMs < LOADING_MIN_DISPLAY_DELAY_MS) return { visible: false, value: 0 };
  return { visible: true, value: Math.floor(estimatedProgress(elapsedMs)) };
}
