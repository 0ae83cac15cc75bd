/**
 * Two rough edges of a page measured in it (pass each to page.evaluate; they run alone there, so
 * they name elements themselves, as the layout guard's checks do):
 * - a bitmap drawn wider than `maxScale` × its largest source: blurred or blocky (a 480 px
 *   thumbnail stretched across a row). The largest source is the widest candidate of its own
 *   and its <picture>'s srcsets (the `w` descriptors: the renditions are that wide, the site art
 *   test checks it), else its natural width, loaded for the purpose when lazy. Under
 *   `object-fit: cover` the bitmap is drawn wider than its box when the box is taller than its
 *   shape: that width counts. SVG is vector and never counts.
 * - an e-mail address or a web address split across two lines between two letters or digits
 *   ("press@stormkettle.exa" / "mple"): unreadable and uncopyable. A break after its punctuation
 *   ("/", ".", "@", "-") is how a long address fits a phone, and passes.
 */
export async function stretchedImages(maxScale: number): Promise<string[]> {
  const found: string[] = [];
  const widest = (srcset: string) =>
    Math.max(0, ...[...srcset.matchAll(/\s(\d+)w(?:,|$)/g)].map(([, w]) => Number(w)));
  for (const img of document.querySelectorAll("img")) {
    const box = img.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (/\.svg(\?|$)/.test(img.currentSrc || img.src)) continue;
    const sources = [
      img,
      ...(img.parentElement?.tagName === "PICTURE" ? img.parentElement.querySelectorAll("source") : []),
    ];
    let largest = Math.max(...sources.map((el) => widest(el.getAttribute("srcset") ?? "")));
    if (largest === 0) {
      if (!img.complete || img.naturalWidth === 0) {
        img.loading = "eager";
        await img.decode().catch(() => undefined);
      }
      largest = img.naturalWidth;
    }
    if (largest === 0) continue;
    // The bitmap's shape: its own once loaded, else the width and height it declares.
    const ratio =
      img.naturalWidth > 0
        ? img.naturalWidth / img.naturalHeight
        : Number(img.getAttribute("width")) / Number(img.getAttribute("height")) || box.width / box.height;
    const drawn =
      getComputedStyle(img).objectFit === "cover" ? Math.max(box.width, box.height * ratio) : box.width;
    const scale = (drawn * window.devicePixelRatio) / largest;
    if (scale > maxScale) {
      const name = (img.currentSrc || img.src).replace(location.origin, "");
      found.push(
        `${name}: drawn ${Math.round(drawn)}px wide from at most ${largest}px (${scale.toFixed(2)}×)`,
      );
    }
  }
  return found;
}

export function brokenAddresses(): string[] {
  const found: string[] = [];
  const addresses = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+/g;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const top = (node: Text, index: number) => {
    range.setStart(node, index);
    range.setEnd(node, index + 1);
    return range.getClientRects()[0]?.top;
  };
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const parent = node.parentElement;
    if (!parent || parent.closest(".visually-hidden, [hidden], script, style, template")) continue;
    for (const match of node.data.matchAll(addresses)) {
      const start = match.index;
      const text = match[0].replace(/[.,;:!?)]+$/, "");
      range.setStart(node, start);
      range.setEnd(node, start + text.length);
      if (range.getClientRects().length < 2) continue;
      // Where the lines change, and whether a letter or digit sits on both sides.
      for (let i = 1; i < text.length; i++) {
        const before = top(node, start + i - 1);
        const after = top(node, start + i);
        if (before === undefined || after === undefined || after <= before + 1) continue;
        if (/[\p{L}\p{N}]/u.test(text[i - 1]!) && /[\p{L}\p{N}]/u.test(text[i]!)) {
          found.push(`"${text}" broken between "${text.slice(0, i)}" and "${text.slice(i)}"`);
          break;
        }
      }
    }
  }
  return found;
}
