import type { DocumentEdit } from "./coalescing-stream.server";

/**
 * The type React Router's module script is served with until the page has painted: a data
 * block the browser neither fetches nor runs. The page cache still hashes it for its CSP
 * (cache/page-cache.server.ts), since the same text then runs as a module.
 */
export const afterPaintModuleType = "text/x-module-after-paint";

/**
 * The `type`s of an inline script whose text runs ("" when there is none), held module
 * included: what the page cache hashes for its CSP and what `npm run check:js` reads imports
 * from. Any other type is a data block (JSON-LD, the page's namespaces).
 */
export const runningScriptTypes: ReadonlySet<string> = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  afterPaintModuleType,
]);

const headEnd = "</head>";
const modulePreload = /<link rel="modulepreload"[^>]*>/g;
// React Router's <Scripts/> as React writes it: its only module script, async.
const moduleScript = /<script( nonce="[^"]*")? type="module" async="">/;
const scriptEnd = "</script>";

/**
 * The inline script that runs the held module once the page has painted: when the browser
 * reports the first paint (the Paint Timing API; a frame's callbacks run before its paint, and
 * the paint may be shown frames later), or three seconds on if it never does. A browser without
 * that API runs it a task after the next frame. A page opened in a background tab paints
 * nothing: it runs at once. The new script carries the held one's nonce (a cached copy of the
 * page has none, and its CSP allows the text by its hash), and takes its place in the document,
 * where hydration expects it; this script removes itself, so hydration finds the document as
 * React wrote it.
 */
const runAfterPaint = `(()=>{const self=document.currentScript,held=self.previousElementSibling;self.remove();let ran=0;const run=()=>{if(ran++)return;const s=document.createElement("script");s.type="module";s.nonce=held.nonce;s.textContent=held.textContent;held.replaceWith(s)};const P=window.PerformanceObserver;if(document.hidden||performance.getEntriesByType("paint").length)run();else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.includes("paint")){new P(run).observe({type:"paint"});setTimeout(run,3000)}else requestAnimationFrame(()=>setTimeout(run))})()`;

/**
 * Takes the page's JavaScript off the way of its first paint. The page is rendered on the
 * server: its first paint needs its stylesheets, fonts and art, not the ~35 modules it hydrates
 * with. React Router asks for them twice, early: a `<link rel="modulepreload">` each in the
 * head, and a module script at the end of the body, which runs as soon as they have come. A
 * phone's six connections then fetched modules ahead of the page's art and fonts, and
 * Lighthouse counted every module that had come before the largest paint as holding it up
 * (the careers page: LCP 3.4 s simulated; bench/README.md). Here the head loses the
 * modulepreloads, and the module script is held as a data block, with a small inline script
 * after it that starts it once the page has painted. Its route modules name every module they
 * need in their own imports (Rollup hoists transitive imports), so the modules come in two
 * rounds, not a deeper chain.
 *
 * React writes the head and the body's shell, <Scripts/> included, in its first pieces: they
 * are held until the module script has ended, rewritten, and sent; what follows (a Suspense
 * boundary resolving later) passes through untouched. A document without a module script
 * (none is rendered here) leaves as it came, at its end. It edits the page's stream
 * (`coalescingPassThrough`), so the page goes through one stream between React and the response.
 */
export function scriptsAfterFirstPaint(): DocumentEdit {
  let held: Buffer[] = [];
  let done = false;
  return {
    piece(chunk) {
      if (done) return chunk;
      held.push(chunk);
      const text = held.length === 1 ? chunk : Buffer.concat(held);
      const rewritten = withModulesAfterPaint(text);
      if (!rewritten) return undefined;
      done = true;
      held = [];
      return rewritten;
    },
    end() {
      return held.length ? Buffer.concat(held) : undefined;
    },
  };
}

/** A document's bytes with its module script held, or nothing while it has not ended yet. */
function withModulesAfterPaint(bytes: Buffer): Buffer | undefined {
  // latin1 maps each byte to one character and back: offsets are byte offsets, and bytes of a
  // UTF-8 character split between two pieces come out as they went in. (V8's string search and
  // concatenation beat the same work done on Buffers: 20 µs against 45 on the careers page.)
  const text = bytes.toString("latin1");
  const open = moduleScript.exec(text);
  const end = open ? text.indexOf(scriptEnd, open.index) : -1;
  if (!open || end < 0) return undefined;
  const head = text.indexOf(headEnd);
  const before =
    head >= 0 && head < open.index
      ? text.slice(0, head).replace(modulePreload, "") + text.slice(head, open.index)
      : text.slice(0, open.index);
  const nonce = open[1] ?? "";
  const rewritten =
    before +
    `<script${nonce} type="${afterPaintModuleType}">` +
    text.slice(open.index + open[0].length, end + scriptEnd.length) +
    `<script${nonce}>${runAfterPaint}</script>` +
    text.slice(end + scriptEnd.length);
  return Buffer.from(rewritten, "latin1");
}
