// Figure (4): the JavaScript each page loads at once (scripts/js-budget.ts, the CI check's own
// measure) against the React Router hello world's, each page judged by its recorded ceiling
// (scripts/js-ceilings.json) as the CI check judges it; a page without one, by its kind's budget.
import { ceilingOf, kb, measureHtml, measureSite, readCeilings, scriptLoader } from "../../scripts/js-budget";
import { type Figure, ratio } from "./report";
import type { Server } from "./servers";

export async function jsFigures(options: { site: Server; siteDataDir: string; hello: Server }) {
  const helloUrl = `${options.hello.url}/`;
  const hello = await measureHtml(
    await (await fetch(helloUrl)).text(),
    helloUrl,
    scriptLoader(new URL(helloUrl).origin),
  );
  const { pages, skipped } = await measureSite({ url: options.site.url, dataDir: options.siteDataDir });
  const ceilings = readCeilings();
  for (const page of skipped) console.log(`  skipped ${page.path}: ${page.reason}`);
  return pages.map(
    (page): Figure => ({
      figure: "4",
      label: `JS at once, gzip -9, ${page.path}${page.signedIn ? " (signed in)" : ""}`,
      value: `${kb(page.bytes)} KB`,
      reference: `hello ${kb(hello.bytes)} KB`,
      ratio: ratio(page.bytes, hello.bytes),
      target: `≤ ${kb(ceilingOf(page, ceilings))} KB (${page.path in ceilings ? "its ceiling" : `${page.kind} budget`})`,
      met: page.bytes <= ceilingOf(page, ceilings),
    }),
  );
}
