import { useEffect, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { PROGRESS_DONE_HOLD_MS, PROGRESS_THROTTLE_MS, type ProgressFrame, progressFrame } from "./progress";
import { useGlobalLoading } from "./use-global-loading";

const hidden: ProgressFrame = { visible: false, value: 0 };

/**
 * The thin bar across the top of the window while anything loads
 * (docs/requirements.md#errors-and-feedback); timing in progress.ts. Its motion is a width change
 * only, and none under reduced motion.
 */
export function ProgressBar() {
  const loading = useGlobalLoading();
  const { t } = useTranslation("feedback");
  const [frame, setFrame] = useState<ProgressFrame & { done?: boolean }>(hidden);

  useEffect(() => {
    if (!loading) {
      // A bar that was showing fills up, then goes; one that never showed stays hidden.
      setFrame((current) => (current.visible ? { visible: true, value: 100, done: true } : current));
      const timer = window.setTimeout(() => setFrame(hidden), PROGRESS_DONE_HOLD_MS);
      return () => window.clearTimeout(timer);
    }
    const started = performance.now();
    setFrame(hidden);
    const interval = window.setInterval(
      () => setFrame(progressFrame(performance.now() - started)),
      PROGRESS_THROTTLE_MS,
    );
    return () => window.clearInterval(interval);
  }, [loading]);

  if (!frame.visible) return null;
  return (
    <div
      className="progress-bar"
      data-done={frame.done ? "" : undefined}
      role="progressbar"
      aria-label={t("progress.label")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={frame.value}
      aria-busy={!frame.done}
    >
      <div className="progress-bar__fill" style={{ transform: `scaleX(${frame.value / 100})` }} />
    </div>
  );
}
