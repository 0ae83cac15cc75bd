/**
 * A left click without a modifier that no other handler took: one a page may handle itself.
 * With Ctrl, Cmd, Shift or Alt the browser opens a tab or a window, or saves: left to it.
 */
export function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  );
}
