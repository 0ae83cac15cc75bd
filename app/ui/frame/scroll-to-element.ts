/**
 * Smooth scrolling with a fixed duration (docs/requirements.md#navigation-and-layout: 1000 ms). The
 * browser's own smooth scroll has no duration control, so this animates window.scrollY itself. It
 * lands on the element's scroll-margin-top (the sticky header's height, set in global.css), jumps
 * straight there when the visitor prefers reduced motion, and gives up as soon as the visitor
 * scrolls.
 */
export const smoothScrollDurationMs = 1000;

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Ease in and out, so the page neither jerks away nor slams into place. */
export function easeInOutCubic(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** Where the page must scroll to so `element` sits just below the sticky header. */
export function targetScrollTop(element: Element): number {
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const top = element.getBoundingClientRect().top + window.scrollY - margin;
  const max = document.documentElement.scrollHeight - window.innerHeight;
  return Math.max(0, Math.min(top, max));
}

let cancelCurrent: (() => void) | undefined;

/**
 * Scrolls to the element with `id` over `durationMs`, then moves keyboard focus there so the
 * next Tab continues from the section the visitor asked for. Resolves false when there is no
 * such element or the visitor interrupted the animation.
 */
export function scrollToElement(id: string, durationMs = smoothScrollDurationMs): Promise<boolean> {
  const element = document.getElementById(id);
  if (!element) return Promise.resolve(false);
  cancelCurrent?.();

  const focusTarget = () => {
    if (!element.matches("a[href], button, input, select, textarea, [tabindex]")) {
      element.setAttribute("tabindex", "-1");
    }
    element.focus({ preventScroll: true });
  };

  if (durationMs <= 0 || prefersReducedMotion()) {
    window.scrollTo({ top: targetScrollTop(element), behavior: "instant" });
    focusTarget();
    return Promise.resolve(true);
  }

  return new Promise((resolve) => {
    const from = window.scrollY;
    const started = performance.now();
    let frame = 0;
    const interruptions = ["wheel", "touchstart", "keydown", "mousedown"] as const;
    const stop = (completed: boolean) => {
      cancelAnimationFrame(frame);
      for (const type of interruptions) window.removeEventListener(type, interrupt);
      if (cancelCurrent === cancel) cancelCurrent = undefined;
      resolve(completed);
    };
    const interrupt = () => stop(false);
    const cancel = () => stop(false);
    cancelCurrent = cancel;
    for (const type of interruptions) window.addEventListener(type, interrupt, { passive: true });

    const step = (now: number) => {
      // Re-measured every frame: images loading above the target move it.
      const to = targetScrollTop(element);
      const progress = Math.min(1, (now - started) / durationMs);
      window.scrollTo({ top: from + (to - from) * easeInOutCubic(progress), behavior: "instant" });
      if (progress < 1) {
        frame = requestAnimationFrame(step);
      } else {
        focusTarget();
        stop(true);
      }
    };
    frame = requestAnimationFrame(step);
  });
}
