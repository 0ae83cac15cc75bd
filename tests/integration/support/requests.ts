import http from "node:http";
import https from "node:https";
import { ANALYTICS_CONSENT_COOKIE, CONSENT_GRANTED } from "~/features/consent/consent-cookies";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** What one request came to: the status it was answered with, or the error that ended it. */
export type Outcome = { what: string; status?: number; error?: string };

/**
 * One request through node:http(s), on the given agent (its keep-alive connections and local
 * address are the caller's choice): resolves with the answer, rejects on a connection error.
 */
export function send(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: options.method ?? "GET",
        headers: {
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { "Content-Length": String(Buffer.byteLength(options.body)) }),
        },
        agent: options.agent,
        // The test's own self-signed certificate.
        rejectUnauthorized: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** `send`, with its answer or its error recorded as an outcome instead of thrown. */
export async function attempt(
  what: string,
  url: string,
  options: Parameters<typeof send>[1],
): Promise<Outcome> {
  try {
    const answer = await send(url, options);
    return { what, status: answer.status };
  } catch (err) {
    return {
      what,
      error:
        err instanceof Error ? `${(err as NodeJS.ErrnoException).code ?? ""} ${err.message}` : String(err),
    };
  }
}

/** Outcomes that are not an answer below 500: a connection error or a server error. */
export function failures(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((o) => o.status === undefined || o.status >= 500);
}

/**
 * A second-factor step no sign-in started, as named over http: a personal cookie, so the page is
 * rendered for this request, never answered from the page cache (cookies the site does not read
 * would not do: they change nothing, docs/decisions/0053; nor would a session: public pages are
 * the same for a signed-in visitor, docs/decisions/0060).
 */
export const personalCookie = "studio_mfa=no-such-step";

/** The analytics consent a pageview POST needs (the visitor's own cookie). */
export const analyticsConsent = `${ANALYTICS_CONSENT_COOKIE}=${CONSENT_GRANTED}`;

/**
 * A request of the mix a test sends: every fourth a pageview POST (counted once per 204), the
 * others a careers page rendered for a visitor with a personal cookie (never from the page
 * cache).
 */
export function mixedRequest(
  i: number,
  route: string,
): { what: string; path: string; options: Parameters<typeof send>[1] } {
  if (i % 4 === 3) {
    return {
      what: "POST pageview",
      path: "/api/analytics/pageview",
      options: {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: analyticsConsent },
        body: JSON.stringify({ route }),
      },
    };
  }
  return { what: "GET careers", path: "/careers", options: { headers: { Cookie: personalCookie } } };
}
