import { useEffect } from "react";
import { isChunkLoadError, reloadForChunkError } from "~/platform/http/chunk-reload";

/**
 * For error boundaries: when the error is a failed chunk load, reload the page (at most once a
 * minute, see chunk-reload.ts); otherwise, or within the minute, the boundary shows its page.
 */
export function useChunkErrorReload(error: unknown) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError();
  }, [error]);
}
