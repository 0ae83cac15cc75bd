import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterPaintModuleType, scriptsAfterFirstPaint } from "./page-scripts.server";

/** What the edit hands on for a document written in the given pieces, as one text. */
function through(pieces: Buffer[]): string {
  const edit = scriptsAfterFirstPaint();
  const out = pieces.map((piece) => edit.piece(piece));
  out.push(edit.end());
  return Buffer.concat(out.filter((chunk) => chunk !== undefined)).toString("utf8");
}

/** The bytes of `text` cut at the given offsets (anywhere: inside a tag or a character). */
function cut(text: string, offsets: number[]): Buffer[] {
  const bytes = Buffer.from(text);
  const points = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((start, i) => bytes.subarray(start, points[i] ?? bytes.length));
}

const head =
  '<!DOCTYPE html><html lang="fr-CA"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/root-1.css" data-precedence="site"/>' +
  "<title>Carrières – Studio</title>" +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="abc=="/>' +
  '<link rel="modulepreload" href="/assets/chunk-2.js" nonce="abc=="/>' +
  '<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
  "</head>";
const shell =
  "<body><h1>Développeur·euse</h1>" +
  // Text of the page that looks like markup (an article about HTML) is the page's own.
  "<pre>&lt;link rel=&quot;modulepreload&quot;&gt;</pre>" +
  '<script nonce="abc==">window.__reactRouterContext = {};</script>';
const module = 'import * as route0 from "/assets/root-1.js";\nimport("/assets/entry.client-1.js");';
const later =
  '<div hidden id="S:0"><p>Plus tard é</p></div><script nonce="abc==">$RC("B:0","S:0")</script></body></html>';

const source = `${head}${shell}<script nonce="abc==" type="module" async="">${module}</script>${later}`;

describe("scriptsAfterFirstPaint", () => {
  it("drops the head's modulepreloads, holds the module script, and keeps everything else", () => {
    const out = through([Buffer.from(source)]);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<link rel="preload" href="/assets/inter.woff2"');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    const headWithout =
      '<!DOCTYPE html><html lang="fr-CA"><head><meta charSet="utf-8"/>' +
      '<link rel="stylesheet" href="/assets/root-1.css" data-precedence="site"/>' +
      "<title>Carrières – Studio</title>" +
      '<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
      "</head>";
    expect(out.startsWith(headWithout + shell)).toBe(true);
    expect(out).toContain(
      `<script nonce="abc==" type="${afterPaintModuleType}">${module}</script><script nonce="abc==">`,
    );
    expect(out.endsWith(`</script>${later}`)).toBe(true);
  });

  it("gives the same document however its bytes are cut into pieces", () => {
    const whole = through([Buffer.from(source)]);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (offsets) => {
        expect(through(cut(source, offsets))).toBe(whole);
      }),
    );
  });

  it("holds a module script without a nonce, and leaves the nonced data script before it as it was", () => {
    const plain = `${head}<body><script nonce="abc==" type="application/ld+json">{}</script><script type="module" async="">${module}</script></body></html>`;
    const out = through(cut(plain, [5, 400]));
    expect(out).toContain('<script nonce="abc==" type="application/ld+json">{}</script>');
    expect(out).toContain(`<script type="${afterPaintModuleType}">${module}</script><script>(()=>`);
  });

  it("hands on a document without a module script as it came", () => {
    const fragment = `${head}<p>é</p>`;
    expect(through(cut(fragment, [3, 30, 44, 200]))).toBe(fragment);
  });
});
