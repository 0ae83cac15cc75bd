import type { Browser } from "playwright-core";
import { openPage, type Site } from "./harness";
import { sidewaysOverflow } from "./overflow";
import { brokenAddresses, stretchedImages } from "./pictures-and-words";

/**
 * The layout guard: pages at a phone's or a desktop's width, checked for the rough edges a
 * visitor sees:
 * - nothing reaches past the window's right edge (the page scrolls or gets cut off sideways);
 * - no button, link, field or select whose text overflows its own box (a cut label);
 * - no empty band between the end of the content and the footer on a page taller than the window;
 * - no picture drawn wider than 1.25 × its largest source (pictures-and-words.ts);
 * - at a phone's width, no e-mail or web address split between two letters (pictures-and-words.ts).
 *
 * One browser page visits them one after another.
 */

/** The largest gap allowed between the last block of <main> and the footer. */
const maxBand = 96;

/** The browser reports a 404 document as a failed resource: the 404 page is visited on purpose. */
const notFoundLine = [/status of 404/];

/** How much wider than its largest source a bitmap may be drawn before it looks soft. */
const maxImageScale = 1.25;

export type Findings = {
  overflow: string[];
  controls: string[];
  band: string[];
  images: string[];
  words: string[];
};

/** Runs in the page: the checks on controls and the footer's band. */
async function inspect(maxGap: number): Promise<Pick<Findings, "controls" | "band">> {
  await document.fonts.ready;
  const root = document.documentElement;
  const controls: string[] = [];
  const band: string[] = [];

  const name = (el: Element) => {
    const classes = String(el.getAttribute("class") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join("");
    const own =
      el instanceof HTMLSelectElement
        ? el.selectedOptions[0]?.textContent
        : el.textContent || (el as HTMLInputElement).value || el.getAttribute("placeholder");
    const text = (own ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
    return `${el.tagName.toLowerCase()}${classes}${text ? ` "${text}"` : ""}`;
  };
  // Laid out but not shown: visually-hidden text, the bot trap, closed disclosures and dialogs.
  const hidden = (el: Element) =>
    el.closest(".visually-hidden, .honeypot, [hidden], dialog:not([open]), [aria-hidden='true']") !== null ||
    (el.closest("details:not([open])") !== null && el.closest("summary") === null);

  // 2. No control whose text overflows it.
  for (const el of document.querySelectorAll("button, a, input, select, label.button")) {
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    if (el.clientWidth === 0 || hidden(el)) continue;
    if (el instanceof HTMLInputElement && ["checkbox", "radio", "hidden", "file"].includes(el.type)) continue;
    controls.push(`${name(el)}: content ${el.scrollWidth}px in a ${el.clientWidth}px box`);
  }
  // A select's scrollWidth never exceeds its box, nor an empty field's with a long placeholder:
  // their text is measured against the box's inner width.
  const context = document.createElement("canvas").getContext("2d");
  for (const el of document.querySelectorAll<HTMLSelectElement | HTMLInputElement>("select, input")) {
    const text =
      el instanceof HTMLSelectElement
        ? (el.selectedOptions[0]?.textContent ?? "")
        : el.value === ""
          ? el.placeholder
          : "";
    if (!text || !context || el.clientWidth === 0 || hidden(el)) continue;
    const style = getComputedStyle(el);
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const needed = Math.ceil(context.measureText(text.trim()).width);
    const room =
      el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    if (needed > room + 1) controls.push(`${name(el)}: text ${needed}px in ${Math.floor(room)}px`);
  }

  // 3. No empty band above the footer, on a page taller than the window (a shorter page's
  // <main> grows to push the footer down, by design).
  const main = document.querySelector("main");
  const footer = document.querySelector("footer.site-footer");
  if (!main || !footer) {
    band.push(`no ${main ? "footer.site-footer" : "<main>"}`);
  } else if (root.scrollHeight > window.innerHeight) {
    let last: Element | null = null;
    for (let child = main.lastElementChild; child; child = child.previousElementSibling) {
      const style = getComputedStyle(child);
      if (style.display === "none" || style.position === "absolute" || style.position === "fixed") continue;
      if (child.getBoundingClientRect().height === 0) continue;
      last = child;
      break;
    }
    if (last) {
      const gap = footer.getBoundingClientRect().top - last.getBoundingClientRect().bottom;
      if (gap > maxGap) band.push(`${Math.round(gap)}px between ${name(last).slice(0, 80)} and the footer`);
    }
  }
  return { controls, band };
}

/** The findings on `pages` of `site` at `width`, each line naming its page. */
export async function layoutFindings(
  browser: Browser,
  site: Pick<Site, "url">,
  pages: readonly string[],
  width: number,
): Promise<Findings> {
  const { page } = await openPage(browser, { width, allowErrors: notFoundLine });
  const found: Findings = { overflow: [], controls: [], band: [], images: [], words: [] };
  for (const pathname of pages) {
    await page.goto(site.url + pathname, { waitUntil: "domcontentloaded" });
    const findings: Findings = {
      ...(await page.evaluate(inspect, maxBand)),
      overflow: [],
      images: await page.evaluate(stretchedImages, maxImageScale),
      // A phone's width is where a long address has to break.
      words: width < 640 ? await page.evaluate(brokenAddresses) : [],
    };
    // 1. Nothing wider than the window (overflow.ts).
    const { viewport, documentWidth, widest } = await page.evaluate(sidewaysOverflow);
    if (documentWidth > viewport || widest.length > 0) {
      const first = widest[0];
      findings.overflow.push(
        `document ${documentWidth}px wide in a ${viewport}px window; widest: ${
          first ? `${first.label} (right edge ${first.right}px)` : "none found"
        }`,
      );
    }
    for (const kind of ["overflow", "controls", "band", "images", "words"] as const) {
      for (const line of findings[kind]) found[kind].push(`${pathname}: ${line}`);
    }
  }
  return found;
}
