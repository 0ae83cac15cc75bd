import fc from "fast-check";

/**
 * Hostile input, generated: texts with control characters, lone surrogates, bidi overrides,
 * 20,000-character words; wrong types, huge numbers, deep nesting, duplicate and prototype keys;
 * and the raw shapes a body or address can take (odd encodings, odd multipart boundaries).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A body as ordered entries, so duplicate keys and `__proto__` survive until serialized. */
export type Entries = Array<[string, JsonValue]>;
/** A JSON value, or an object written as entries (see Entries). */
export type JsonValue = Json | { entries: Entries } | { raw: string };

const controls = [..."\u0000\u0001\u0007\u0008\u000b\u000c\u000e\u001b\u001f\u007f\u0080\u0085\u009f"];
const loneSurrogates = ["\ud800", "\udbff", "\udc00", "\udfff"];
const oddButAllowed = [
  "\u202e", // right-to-left override
  "\u2066", // left-to-right isolate
  "\u200f",
  "\u200b",
  "\ufeff",
  "\ufffe",
  "\uffff",
  "\u2028",
  "\u0301",
  "\t",
  "\r\n",
  "😀",
  "𝒳",
  "é",
];
const words = [
  "",
  " ",
  "admin",
  "../../etc/passwd",
  "..%2F..%2F",
  "%00",
  "%",
  "\\",
  "//evil.example/x",
  "javascript:alert(1)",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, on purpose
  "${jndi:ldap://x}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e400",
  "9".repeat(400),
  "a@b",
  "user@example.com",
  "quebec",
  "all",
  "on",
  "true",
];

const longWord = fc
  .constantFrom("a", "é", "😀", "\u0301", "%", " ", "\ud800", "\u0000", "ab\u202e")
  .map((unit) => unit.repeat(Math.ceil(20_000 / unit.length)));

const splice = (pieces: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ maxLength: 12 }), pieces, fc.string({ maxLength: 12 })).map((parts) => parts.join(""));

/** Any text, hostile more often than not. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  // NUL first: the one byte PostgreSQL refuses in text and JSON alike.
  { weight: 3, arbitrary: splice(fc.constant("\u0000")) },
  { weight: 3, arbitrary: splice(fc.constantFrom(...controls)) },
  { weight: 2, arbitrary: splice(fc.constantFrom(...loneSurrogates)) },
  { weight: 2, arbitrary: splice(fc.constantFrom(...oddButAllowed)) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom(...controls, ...loneSurrogates, "a"), maxLength: 8 }),
  },
  { weight: 2, arbitrary: fc.constantFrom(...words) },
  { weight: 1, arbitrary: longWord },
);

const hugeNumber = fc.constantFrom(
  "1e400",
  "-1e400",
  "123456789012345678901234567890",
  "0.0000000000000000000000000000001",
  "-0",
  "1E+2",
  "9007199254740993",
);

function deepNest(depth: number, open: string, close: string, inner = "1"): string {
  return `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
}

/** A JSON value of any type, hostile in some way. */
export const hostileValue: fc.Arbitrary<JsonValue> = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { weight: 6, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: hugeNumber.map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(hostileText, fc.constantFrom(...words)), tie("value")), { maxLength: 3 })
        .map((entries) => ({ entries })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 50, max: 3000 }), fc.boolean()).map(([depth, arrays]) => ({
        raw: arrays ? deepNest(depth, "[", "]") : deepNest(depth, '{"a":', "}"),
      })),
    },
  ),
})).value;

/** Serializes a value, keeping entries' order, duplicates and prototype keys. */
export function toJson(value: JsonValue): string {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    if ("raw" in value && typeof value.raw === "string") return value.raw;
    if ("entries" in value && Array.isArray(value.entries)) {
      return `{${(value.entries as Entries).map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`).join(",")}}`;
    }
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(",")}]`;
  return JSON.stringify(value) ?? "null";
}

/** Turns a plain object into entries (the shape mutations work on). */
export function entriesOf(value: Record<string, Json>): Entries {
  return Object.entries(value);
}

/**
 * A sample's fields mutated: most often one field replaced by a hostile value, dropped or
 * repeated (the rest stays valid, so the handler behind the validator runs with it), else every
 * field at random; sometimes with extra keys (prototype names, hostile names). A fifth of the
 * draws leave the sample as it is.
 */
export function mutatedEntries(
  sample: Entries,
  values: fc.Arbitrary<JsonValue> = hostileValue,
): fc.Arbitrary<Entries> {
  const change = (key: string, value: JsonValue) =>
    fc.oneof(
      { weight: 4, arbitrary: values.map((v): Entries => [[key, v]]) },
      { weight: 1, arbitrary: fc.constant<Entries>([]) },
      {
        weight: 1,
        arbitrary: values.map(
          (v): Entries => [
            [key, value],
            [key, v],
          ],
        ),
      },
    );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom("__proto__", "constructor", "prototype", "toString"), hostileText),
      values,
    ),
    { maxLength: 2 },
  );
  const one = sample.length
    ? fc
        .integer({ min: 0, max: sample.length - 1 })
        .chain((at) =>
          change(...sample[at]!).map((changed) =>
            sample.flatMap((entry, i) => (i === at ? changed : [entry])),
          ),
        )
    : extra;
  const each = fc
    .tuple(
      ...sample.map(([key, value]) => fc.oneof(fc.constant<Entries>([[key, value]]), change(key, value))),
    )
    .map((fields) => fields.flat());
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(sample) },
    { weight: 5, arbitrary: one },
    { weight: 2, arbitrary: each },
    { weight: 1, arbitrary: fc.tuple(each, extra).map(([fields, extras]) => [...fields, ...extras]) },
  );
}

/** Percent-encodes the UTF-8 bytes of a text (a lone surrogate becomes U+FFFD's bytes). */
export function percentEncode(text: string): string {
  return encodeURIComponent((text as string & { toWellFormed(): string }).toWellFormed());
}

/** Encodings of one name or value as it may appear in a query string or a form body. */
export const rawEncoded = (text: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(percentEncode(text)) },
    { weight: 1, arbitrary: fc.constant(percentEncode(text).replaceAll("%20", "+")) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%",
        "%zz",
        "%FF",
        "%C0%80",
        "%ED%A0%80",
        "%E2%82",
        "%00",
        "%u0041",
        "a%2",
        "%%",
      ),
    },
  );

/** A query string or urlencoded form from entries, with odd separators now and then. */
export function encodedPairs(entries: Array<[string, string]>): fc.Arbitrary<string> {
  if (!entries.length) return fc.constantFrom("", "&", "=", "&&=&", "a", "a=1&a=2&a[b]=c&a[]=d");
  return fc
    .tuple(
      fc.tuple(...entries.map(([key, value]) => fc.tuple(rawEncoded(key), rawEncoded(value)))),
      fc.constantFrom("&", "&", "&", "&&", ";"),
      fc.boolean(),
    )
    .map(([pairs, separator, bare]) =>
      pairs.map(([key, value], index) => (bare && index === 0 ? key : `${key}=${value}`)).join(separator),
    );
}

/** A JSON value as the text a query string or form field carries. */
export function asText(value: JsonValue): string {
  return typeof value === "string" ? value : toJson(value);
}

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; type: string; content: Buffer };

/** A multipart body, well-formed or not, with its Content-Type header. */
export function multipart(parts: MultipartPart[]): fc.Arbitrary<{ contentType: string; body: Buffer }> {
  return fc
    .record({
      boundary: fc.oneof(
        { weight: 5, arbitrary: fc.constant("----fuzzBoundary7MA4YWxkTrZu0gW") },
        { weight: 1, arbitrary: fc.constant("x".repeat(200)) },
        { weight: 1, arbitrary: fc.constant(`"quoted boundary=;,"`) },
        { weight: 1, arbitrary: fc.constant("'()+_,-./:=?") },
        { weight: 1, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9'()+_,./:=? -]{1,70}$/) },
      ),
      header: fc.constantFrom("normal", "missing", "other", "uppercase"),
      newline: fc.constantFrom("\r\n", "\r\n", "\r\n", "\n"),
      ending: fc.constantFrom("close", "close", "close", "missing", "truncated"),
      nameQuote: fc.constantFrom('"', '"', ""),
    })
    .map(({ boundary, header, newline, ending, nameQuote }) => {
      const bare = boundary.replace(/^"|"$/g, "");
      const chunks: Buffer[] = [];
      for (const part of parts) {
        const filename = "filename" in part ? `; filename=${nameQuote}${part.filename}${nameQuote}` : "";
        const head = [
          `--${bare}`,
          `Content-Disposition: form-data; name=${nameQuote}${part.name}${nameQuote}${filename}`,
          ...("filename" in part ? [`Content-Type: ${part.type}`] : []),
          "",
          "",
        ].join(newline);
        chunks.push(
          Buffer.from(head, "utf8"),
          "filename" in part ? part.content : Buffer.from(part.value, "utf8"),
        );
        chunks.push(Buffer.from(newline));
      }
      if (ending === "close") chunks.push(Buffer.from(`--${bare}--${newline}`));
      let body = Buffer.concat(chunks);
      if (ending === "truncated") body = body.subarray(0, Math.floor(body.length / 2));
      const contentType =
        header === "missing"
          ? "multipart/form-data"
          : header === "other"
            ? "multipart/form-data; boundary=not-the-one-used"
            : `${header === "uppercase" ? "MULTIPART/FORM-DATA" : "multipart/form-data"}; boundary=${boundary}`;
      return { contentType, body };
    });
}
