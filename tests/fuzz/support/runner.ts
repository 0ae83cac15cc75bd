import fc from "fast-check";
import { findForbiddenText, hasForbiddenCharacters } from "~/platform/forms/text-rules";
import type { Endpoint } from "./endpoints";
import type { Fixtures } from "./fixtures";
import {
  asText,
  type Entries,
  encodedPairs,
  entriesOf,
  hostileText,
  hostileValue,
  type JsonValue,
  type MultipartPart,
  multipart,
  mutatedEntries,
  percentEncode,
  toJson,
} from "./inputs";
import type { Sample } from "./samples";
import type { Answer, FuzzSite, RawRequest, Snapshot } from "./site";

/** The JSON API's body limit (server/api.ts): larger bodies are refused before any check. */
const jsonLimitBytes = 100 * 1024;

type Planned = {
  request: RawRequest;
  /** Where the request carries a control character or lone surrogate the server will decode. */
  forbiddenIn?: "address" | "json" | "form";
  /** No body at all: nothing can be refused before the address is checked. */
  bodiless: boolean;
};

const pick = <T>(weighted: Array<[number, fc.Arbitrary<T>]>) =>
  fc.oneof(...weighted.map(([weight, arbitrary]) => ({ weight, arbitrary })));

/** A path parameter: the sample's value most of the time, else hostile; percent-encoded. */
function paramValue(value: string | undefined): fc.Arbitrary<string> {
  const text =
    value === undefined
      ? hostileText
      : pick([
          [4, fc.constant(value)],
          [1, hostileText],
        ]);
  return text.map((raw) => percentEncode(raw));
}

function fillPath(endpoint: Endpoint, sample: Sample): fc.Arbitrary<string> {
  const parts = endpoint.path.split("/").map((segment): fc.Arbitrary<string> => {
    if (segment === ":lang?")
      return pick([
        [8, fc.constantFrom("", "fr", "es")],
        [1, paramValue(undefined)],
      ]);
    if (segment === "*") {
      const value = sample.params?.["*"] ?? "";
      return pick([
        [4, fc.constant(value)],
        [1, hostileText.map(percentEncode)],
      ]);
    }
    if (segment.startsWith(":")) return paramValue(sample.params?.[segment.slice(1)]);
    return fc.constant(segment);
  });
  return fc.tuple(...parts).map((segments) => {
    const joined = segments.filter((segment, index) => index === 0 || segment !== "").join("/");
    return joined === "" ? "/" : joined;
  });
}

function decodedSegments(path: string): string[] {
  return path.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return "";
    }
  });
}

function addressCarriesForbidden(path: string, query: string): boolean {
  if (decodedSegments(path).some(hasForbiddenCharacters)) return true;
  for (const [name, value] of new URLSearchParams(query)) {
    if (hasForbiddenCharacters(name) || hasForbiddenCharacters(value)) return true;
  }
  return false;
}

function queryOf(sample: Sample): fc.Arbitrary<string> {
  const entries = entriesOf(sample.query ?? {});
  return mutatedEntries(entries, hostileText).chain((mutated) =>
    encodedPairs(mutated.map(([key, value]) => [key, asText(value)])),
  );
}

const junkBodies = fc.constantFrom(
  "",
  "{",
  '{"a":',
  "null",
  '"just a string"',
  "[]",
  "1",
  "\ufeff{}",
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `{"a":${"1".repeat(50_000)}}`,
  "\u0000\u0001\u0002",
);

const junkTypes = fc.constantFrom(
  "text/plain",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/vnd.api+json",
  "application/xml",
  "application/x-www-form-urlencoded; charset=utf-7",
  "multipart/form-data",
  "",
);

const origin = (url: string) =>
  pick<string | undefined>([
    [12, fc.constant(url)],
    [1, fc.constant(undefined)],
    [1, fc.constant("null")],
    [1, fc.constant("https://evil.example")],
  ]);

function headersFor(sample: Sample, fixtures: Fixtures): fc.Arbitrary<Record<string, string>> {
  const cookie = sample.session
    ? pick<string | undefined>([
        [8, fc.constant(fixtures.sessionCookie)],
        [1, fc.constant(undefined)],
        [1, fc.constant("studio_session=forged; __Host-studio_session=%00")],
      ])
    : pick<string | undefined>([
        [8, fc.constant(sample.cookies)],
        [1, fc.constant("cookieconsent_status=1; cookieanalytcs_status=zz; flash=%7B%7D")],
      ]);
  return fc
    .record({
      origin: origin(fixtures.url),
      cookie,
      accept: fc.constantFrom("application/json", "text/html", "*/*", "text/html, application/json;q=0.9"),
      fetchSite: fc.constantFrom(undefined, undefined, "same-origin", "cross-site"),
    })
    .map(({ origin, cookie, accept, fetchSite }) => {
      const headers: Record<string, string> = { accept };
      if (origin) headers.origin = origin;
      if (cookie) headers.cookie = cookie;
      if (fetchSite) headers["sec-fetch-site"] = fetchSite;
      return headers;
    });
}

type Body = { contentType?: string; body: string | Buffer; forbidden?: "json" | "form"; gzip?: true };

function partsOf(fields: Entries, sample: Sample): MultipartPart[] {
  return [
    ...fields.map(([name, value]) => ({ name, value: asText(value) })),
    ...(sample.files ?? []).map((file) => ({
      name: file.field,
      filename: file.filename,
      type: file.type,
      content: Buffer.from(file.content),
    })),
  ];
}

const hostileFile = fc.record({
  filename: pick([
    [
      3,
      fc.constantFrom(
        "resume.pdf",
        "notes.txt",
        "../../etc/passwd",
        "a\u0000b.txt",
        "é😀.txt",
        "x".repeat(400),
      ),
    ],
    [1, hostileText],
  ]),
  type: fc.constantFrom("application/pdf", "text/plain", "application/x-msdownload", "", "image/png"),
  content: fc.constantFrom(
    "%PDF-1.4\n%%EOF\n",
    "MZ\u0090\u0000",
    "#!/bin/sh\nrm -rf /\n",
    "",
    "PK\u0003\u0004",
  ),
});

/** Form fields (pages, multipart): the sample's, mutated, and the files, sometimes swapped. */
function formBody(sample: Sample, { multipartOnly = false } = {}): fc.Arbitrary<Body> {
  const fields = mutatedEntries(sample.form ?? [], hostileText);
  const files = fc.array(hostileFile, { maxLength: 2 });
  const urlencoded = fields.chain((entries) =>
    fc
      .tuple(
        encodedPairs(entries.map(([key, value]) => [key, asText(value)])),
        fc.constantFrom(
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded",
          "application/x-www-form-urlencoded; charset=iso-8859-1",
          "application/x-www-form-urlencoded; charset=utf-16",
        ),
      )
      .map(([body, contentType]): Body => {
        // What the form's own fields hold as an action reads them: the first value of a field
        // the form sends once (`get`), every value of one it repeats (`getAll`).
        const own = new Map<string, number>();
        for (const [name] of sample.form ?? []) own.set(name, (own.get(name) ?? 0) + 1);
        const params =
          contentType === "application/x-www-form-urlencoded" ? new URLSearchParams(body) : undefined;
        const read = [...own].flatMap(([name, times]) => {
          const values = params?.getAll(name) ?? [];
          return times > 1 ? values : values.slice(0, 1);
        });
        const forbidden = read.some(hasForbiddenCharacters);
        return { contentType, body, ...(forbidden && { forbidden: "form" as const }) };
      }),
  );
  const multipartBody = fc.tuple(fields, files, fc.boolean()).chain(([entries, extra, swap]) => {
    const parts = partsOf(entries, sample);
    const withFiles = swap
      ? [
          ...parts.filter((part) => !("filename" in part)),
          ...extra.map((file, index) => ({
            name: sample.files?.[index]?.field ?? "file",
            filename: file.filename,
            type: file.type,
            content: Buffer.from(file.content, "latin1"),
          })),
        ]
      : parts;
    return multipart(withFiles).map(
      (encoded): Body => ({ contentType: encoded.contentType, body: encoded.body }),
    );
  });
  const junk = fc.tuple(junkBodies, junkTypes).map(([body, contentType]): Body => ({ contentType, body }));
  return multipartOnly
    ? pick([
        [8, multipartBody],
        [1, urlencoded],
        [1, junk],
      ])
    : pick([
        [6, urlencoded],
        [3, multipartBody],
        [1, junk],
      ]);
}

/** As the server sees it: parsed (the last of duplicate keys wins), then searched. */
function parsedCarriesForbidden(body: string): boolean {
  try {
    return findForbiddenText(JSON.parse(body)).length > 0;
  } catch {
    return false;
  }
}

/** A JSON body: the sample mutated (most), or junk, or the same fields in another encoding. */
function jsonBody(sample: Sample): fc.Arbitrary<Body> {
  const fields = mutatedEntries(entriesOf(sample.json ?? {}), hostileValue);
  const json = fields.map((entries): Body => {
    const body = toJson({ entries });
    const forbidden =
      Buffer.byteLength(body) < jsonLimitBytes && parsedCarriesForbidden(body)
        ? ("json" as const)
        : undefined;
    return { contentType: "application/json", body, ...(forbidden && { forbidden }) };
  });
  const topLevel = hostileValue.map(
    (value: JsonValue): Body => ({ contentType: "application/json", body: toJson(value) }),
  );
  const junk = fc.tuple(junkBodies, junkTypes).map(([body, contentType]): Body => ({ contentType, body }));
  const asForm = fields.chain((entries) =>
    encodedPairs(entries.map(([key, value]) => [key, asText(value)])).map(
      (body): Body => ({ contentType: "application/x-www-form-urlencoded", body }),
    ),
  );
  const asMultipart = fields.chain((entries) =>
    multipart(partsOf(entries, sample)).map(
      (encoded): Body => ({ contentType: encoded.contentType, body: encoded.body }),
    ),
  );
  const gzipJunk = fc.constant<Body>({
    contentType: "application/json",
    body: "\u001f\u008b not gzip",
    gzip: true,
  });
  return pick([
    [12, json],
    [1, topLevel],
    [2, junk],
    [1, asForm],
    [1, asMultipart],
    [1, gzipJunk],
  ]);
}

const noBody = pick<Body>([
  [9, fc.constant({ body: "" })],
  [1, fc.tuple(junkBodies, junkTypes).map(([body, contentType]) => ({ contentType, body }))],
]);

function bodyFor(endpoint: Endpoint, sample: Sample): fc.Arbitrary<Body> {
  if (endpoint.kind === "action") return formBody(sample);
  if (sample.files) return formBody(sample, { multipartOnly: true });
  if (sample.json) return jsonBody(sample);
  return endpoint.method === "GET" ? noBody : jsonBody({ json: {} });
}

/** Every request the fuzzer may send to one endpoint. */
export function plannedRequests(
  endpoint: Endpoint,
  sample: Sample,
  fixtures: Fixtures,
): fc.Arbitrary<Planned> {
  const isPage = endpoint.kind === "loader" || endpoint.kind === "action";
  return fc
    .record({
      path: fillPath(endpoint, sample),
      query: queryOf(sample),
      // Pages: mostly React Router's data requests (no HTML render), some whole documents.
      data: isPage
        ? pick([
            [5, fc.constant(true)],
            [1, fc.constant(false)],
          ])
        : fc.constant(false),
      body: bodyFor(endpoint, sample),
      headers: headersFor(sample, fixtures),
    })
    .map(({ path, query, data, body, headers }): Planned => {
      // React Router's data address (v8_trailingSlashAwareDataRequests): `/_.data` for `/`.
      const target = data ? (path === "/" ? "/_.data" : `${path}.data`) : path;
      const withQuery = query ? `${target}?${query}` : target;
      const all = { ...headers };
      if (body.contentType) all["content-type"] = body.contentType;
      if (body.gzip) all["content-encoding"] = "gzip";
      const forbiddenIn = addressCarriesForbidden(path, query) ? "address" : body.forbidden;
      return {
        request: { method: endpoint.method, target: withQuery, headers: all, body: body.body },
        bodiless: body.body.length === 0 && !body.contentType,
        ...(forbiddenIn && { forbiddenIn }),
      };
    });
}

const stackTrace =
  /\bat\s+\S+\s+\((?:file:\/\/|node:|\/)[^)]*:\d+:\d+\)|\bat\s+(?:file:\/\/|node:)\S*:\d+:\d+|Failed query:/;

function changed(before: Snapshot, after: Snapshot): string[] {
  const tables = Object.keys(after.rows).filter((table) => before.rows[table] !== after.rows[table]);
  const rows = tables.map((table) => `${table}: ${before.rows[table]} → ${after.rows[table]} rows`);
  const files =
    after.uploads.join("\n") === before.uploads.join("\n") ? [] : ["files under DATA_DIR/uploads"];
  return [...rows, ...files];
}

/** What is wrong with one answer; empty when it is fine. */
function problemsOf(endpoint: Endpoint, planned: Planned, answer: Answer, stored: string[]): string[] {
  const problems: string[] = [];
  const { status, body } = answer;
  if (status >= 500 || status < 100) problems.push(`answered ${status}`);
  if (stackTrace.test(body)) problems.push("the body shows a stack trace or a query");
  const refused = status >= 400 && status < 500;
  // 431: Node's HTTP parser refuses an address past its header size limit before the app sees
  // the request; there is no app to answer with messages.
  if (endpoint.kind === "api" && refused && status !== 431) {
    let messages: unknown;
    try {
      messages = (JSON.parse(body) as { messages?: unknown }).messages;
    } catch {
      messages = undefined;
    }
    if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => typeof m !== "string")) {
      problems.push("a 4xx answer without a non-empty `messages` array of strings");
    }
  }
  // The rule: control characters or lone surrogates in what the server decodes are refused.
  // Other refusals may come first (a body too large, another site's form): any 4xx will do,
  // except where nothing else can intervene, where it is the 400 naming the place.
  // (The address rule holds for the API and the pages under the language segment; the consent
  // form's address and the press files only answer fixed things.)
  const guarded = endpoint.kind === "api" || endpoint.path.startsWith("/:lang?");
  if (planned.forbiddenIn && planned.forbiddenIn !== "form" && guarded && !refused) {
    problems.push(`control characters in the ${planned.forbiddenIn} answered ${status}, not a 4xx`);
  }
  const exact =
    endpoint.kind === "api" &&
    status !== 431 &&
    (planned.forbiddenIn === "json" || (planned.forbiddenIn === "address" && planned.bodiless));
  if (exact && (status !== 400 || !body.includes("forms:validation.characters"))) {
    problems.push(`control characters in the ${planned.forbiddenIn}: not the 400 that names the place`);
  }
  if ((refused || planned.forbiddenIn) && stored.length) {
    problems.push(`a refused request stored something: ${stored.join(", ")}`);
  }
  return problems;
}

const shown = (text: string | Buffer | undefined, max = 400) => {
  const value = typeof text === "string" ? text : (text?.toString("latin1") ?? "");
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}… (${value.length} chars)` : value);
};

function describeRequest({ method, target, headers, body }: RawRequest): string {
  return [
    `  request: ${method} ${shown(target, 300)}`,
    `  headers: ${JSON.stringify(headers)}`,
    `  body: ${shown(body)}`,
  ].join("\n");
}

/**
 * Sends `runs` generated requests to one endpoint, one at a time, and checks every answer: never
 * a 5xx or a stack trace, 4xx answers of the API with their messages, nothing stored for a
 * refused request (row counts of every table, files under DATA_DIR/uploads). Returns how many
 * were sent.
 */
export async function fuzzEndpoint(
  site: FuzzSite,
  fixtures: Fixtures,
  endpoint: Endpoint,
  sample: Sample,
  runs: number,
): Promise<number> {
  let before = await site.snapshot();
  let sent = 0;
  let usedUp = true;
  const property = fc.asyncProperty(plannedRequests(endpoint, sample, fixtures), async (planned) => {
    // Only an accepted request that wrote can have used a fixture up.
    if (usedUp && (await fixtures.restore())) before = await site.snapshot();
    const answer = await site.send(planned.request).catch((err: Error) => {
      throw new Error(`${endpoint.key}: no answer (${err.message})\n${describeRequest(planned.request)}`);
    });
    sent++;
    const after = await site.snapshot();
    usedUp = answer.status < 400 && after.writes !== before.writes;
    const problems = problemsOf(endpoint, planned, answer, changed(before, after));
    before = after;
    if (problems.length) {
      throw new Error(
        [
          `${endpoint.key}: ${problems.join("; ")}`,
          describeRequest(planned.request),
          `  answer: ${answer.status} ${shown(answer.body, 600)}`,
        ].join("\n"),
      );
    }
  });
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  const details = await fc.check(property, {
    numRuns: runs,
    endOnFailure: true,
    ...(seed !== undefined && { seed }),
  });
  if (details.failed) {
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${cause}\n  (after ${sent} requests; replay: FUZZ_SEED=${details.seed} npx vitest run --project fuzz -t "${endpoint.key}$")`,
    );
  }
  return sent;
}
