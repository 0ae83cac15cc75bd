/**
 * What reaches past the window's right edge, measured in the page (pass it to page.evaluate):
 * on a phone that is a page that scrolls or gets cut off sideways (a long word, a button that
 * will not wrap, a fixed width). The layout's root clips sideways (overflow-x: clip), so the
 * document may not scroll even when something is cut off: each element is measured too.
 * Skipped: what is laid out but not shown (visually-hidden text, the bot trap, closed
 * disclosures and dialogs, aria-hidden decoration), fixed overlays, and what a box that
 * scrolls sideways (a strip of tabs) holds, reachable by design. The three widest first. It
 * runs alone in the page (page.evaluate sends its text), so it names elements itself, as the
 * layout guard's checks do.
 */
export function sidewaysOverflow(): {
  viewport: number;
  documentWidth: number;
  widest: Array<{ label: string; right: number }>;
} {
  const viewport = document.documentElement.clientWidth;
  const hidden = (el: Element) =>
    el.closest(".visually-hidden, .honeypot, [hidden], dialog:not([open]), [aria-hidden='true']") !== null ||
    (el.closest("details:not([open])") !== null && el.closest("summary") === null);
  const found: Array<{ label: string; right: number }> = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= viewport + 1) continue;
    if (hidden(el) || getComputedStyle(el).position === "fixed") continue;
    let scrolls = false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const overflowX = getComputedStyle(up).overflowX;
      if (overflowX === "auto" || overflowX === "scroll") {
        scrolls = true;
        break;
      }
    }
    if (scrolls) continue;
    const classes = String(el.getAttribute("class") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join("");
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
    found.push({
      label: `${el.tagName.toLowerCase()}${classes}${text ? ` "${text}"` : ""}`,
      right: Math.round(box.right),
    });
  }
  found.sort((a, b) => b.right - a.right);
  return { viewport, documentWidth: document.documentElement.scrollWidth, widest: found.slice(0, 3) };
}
