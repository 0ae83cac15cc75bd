import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findForbiddenText, hasForbiddenCharacters } from "./text-rules";

/** Every code point a text may hold: printable ones, tab, line feed and carriage return. */
const allowedChar = fc.oneof(
  fc.constantFrom("\t", "\n", "\r"),
  fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCodePoint(code)),
  fc.integer({ min: 0xa0, max: 0xd7ff }).map((code) => String.fromCodePoint(code)),
  fc.integer({ min: 0xe000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
);
const allowedText = fc.array(allowedChar, { maxLength: 30 }).map((chars) => chars.join(""));

/** Control characters (C0 but tab, LF, CR; DEL; C1) and lone surrogates. */
const forbiddenChar = fc
  .oneof(
    fc.integer({ min: 0x00, max: 0x1f }).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  )
  .map((code) => String.fromCharCode(code));

/** An allowed text with one forbidden character somewhere in it. */
const spoiltText = fc
  .tuple(allowedText, forbiddenChar, allowedText)
  .map(([before, bad, after]) => `${before}${bad}${after}`);

describe("hasForbiddenCharacters", () => {
  it("accepts every printable text, with tabs and line breaks (a textarea sends CRLF)", () => {
    fc.assert(fc.property(allowedText, (text) => !hasForbiddenCharacters(text)));
    expect(hasForbiddenCharacters("Line one\r\nLine two\twith a tab, émoji 😀 and ‮bidi")).toBe(false);
  });

  it("refuses a text holding any control character or a lone surrogate", () => {
    fc.assert(fc.property(spoiltText, (text) => hasForbiddenCharacters(text)));
    for (const text of ["a\u0000b", "\u0007", "\u007f", "\u0085", "x\ud800", "\udfff"]) {
      expect(hasForbiddenCharacters(text), JSON.stringify(text)).toBe(true);
    }
  });
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const clean: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    allowedText,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(allowedText, tie("value"), { maxKeys: 3 }),
  ),
})).value;

describe("findForbiddenText", () => {
  it("finds nothing in a body made of allowed texts", () => {
    fc.assert(fc.property(clean, (body) => findForbiddenText(body).length === 0));
  });

  it("names the place of a bad value or key, however deep", () => {
    fc.assert(
      fc.property(
        clean,
        spoiltText,
        fc.array(fc.constantFrom("items", "0"), { maxLength: 6 }),
        (body, bad, path) => {
          let value: Json = bad;
          for (const part of [...path].reverse()) value = part === "0" ? [value] : { [part]: value };
          const found = findForbiddenText({ ok: body, bad: value });
          const expected = `bad${path.map((part) => (part === "0" ? "[0]" : `.${part}`)).join("")}`;
          expect(found).toEqual([expected]);
        },
      ),
    );
    expect(findForbiddenText({ "na\u0000me": "x" })).toEqual(["na\ufffdme"]);
  });

  it("walks a body nested far deeper than the call stack allows", () => {
    let deep: Json = "\u0000";
    for (let depth = 0; depth < 50_000; depth++) deep = [deep];
    const [place] = findForbiddenText(deep);
    expect(place?.startsWith("[0][0]")).toBe(true);
    expect([...(place ?? "")].length).toBeLessThanOrEqual(100);
  });
});
