import { useSyncExternalStore } from "react";
import { useFetchers, useNavigation } from "react-router";
import { httpActivity } from "~/platform/http/client";

/**
 * The global loading flag (`isLoading` in docs/requirements.md#errors-and-feedback): on while a
 * navigation, a fetcher or a request of the http client is in flight.
 */
export function useGlobalLoading(): boolean {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const requests = useSyncExternalStore(
    httpActivity.subscribe,
    httpActivity.getSnapshot,
    httpActivity.getServerSnapshot,
  );
  return navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle") || requests > 0;
}
