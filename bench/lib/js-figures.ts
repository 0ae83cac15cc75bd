// Figure (4): the JavaScript each page loads at once (scripts/js-budget.ts, the CI check's own
// measure) against the React Router hello world's.
import { budgets, kb, measureHtml, measureSite, scriptLoader } from "../../scripts/js-budget";
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
  for (const page of skipped) console.log(`  skipped ${page.path}: ${page.reason}`);
  return pages.map(
    (page): Figure => ({
      figure: "4",
      label: `JS at once, gzip -9, ${page.path}${page.signedIn ? " (signed in)" : ""}`,
      value: `${kb(page.bytes)} KB`,
      reference: `hello ${kb(hello.bytes)} KB`,
      ratio: ratio(page.bytes, hello.bytes),
      target: `≤ ${kb(budgets[page.kind])} KB (${page.kind})`,
      met: page.bytes <= budgets[page.kind],
    }),
  );
}
