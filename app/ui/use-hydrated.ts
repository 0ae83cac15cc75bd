import { type RefObject, useEffect, useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * Whether the page's scripts are running, for components that render a version that works
 * without JavaScript (links, plain inputs, a confirmation page) and enhance it in the browser.
 *
 * The server has no scripts, so it must render the no-JavaScript version; hydration must then
 * produce the very same markup (React discards a mismatching tree), so the hook answers false
 * on the server and while hydrating, and true from the next render on. A component mounted
 * later by a client-side navigation is enhanced from its first render, with no flash of the
 * plain version.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/**
 * For a control that acts as it changes (no send button once enhanced): what the visitor did to
 * the server's HTML before the page's scripts ran. The page paints before they run; a box ticked
 * or a choice made meanwhile is in the element (hydration keeps what the visitor changed) but no
 * handler saw it, and the visitor believes it done. Once, when the component has hydrated (or
 * first mounted), `catchUp` gets the element, compares it with what the component rendered and
 * acts as the change would have; where nothing changed it does nothing.
 */
export function useInputBeforeHydration<T extends Element>(
  ref: RefObject<T | null>,
  catchUp: (element: T) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first mount only.
  useEffect(() => {
    if (ref.current) catchUp(ref.current);
  }, []);
}
