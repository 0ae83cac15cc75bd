import { useSyncExternalStore } from "react";

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
