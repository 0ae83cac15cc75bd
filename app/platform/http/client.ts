/**
 * The browser's HTTP client for the JSON API (docs/requirements.md#errors-and-feedback: "has a base
 * url; it sets the global loading flag and shows error toasts"). It knows nothing of React: it
 * counts requests in flight and reports failures to listeners; the site's feedback layer
 * (ui/feedback) turns the count into the progress bar and the reports into toasts.
 */

export type HttpFailure = {
  /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS). */
  status: number;
  /**
   * The response's `messages` (docs/requirements.md#errors-and-feedback), or one catalogue code
   * standing for the failure.
   */
  messages: string[];
  method: string;
  url: string;
};

export class HttpRequestError extends Error {
  readonly status: number;
  readonly messages: string[];
  constructor(failure: HttpFailure) {
    super(`${failure.method} ${failure.url} failed (${failure.status}): ${failure.messages.join("; ")}`);
    this.name = "HttpRequestError";
    this.status = failure.status;
    this.messages = failure.messages;
  }
}

export type RequestOptions = {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** JSON-encoded unless it is FormData (multipart) or a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Don't toast failures: the caller shows them in place (e.g. under a form field). */
  silent?: boolean;
};

// ---- activity: how many client requests are in flight (the global loading flag's part) ----

let inFlight = 0;
const activityListeners = new Set<() => void>();

function setInFlight(next: number) {
  inFlight = next;
  for (const listener of activityListeners) listener();
}

/** A store for `useSyncExternalStore`: the number of client requests in flight. */
export const httpActivity = {
  subscribe(listener: () => void) {
    activityListeners.add(listener);
    return () => {
      activityListeners.delete(listener);
    };
  },
  getSnapshot: () => inFlight,
  getServerSnapshot: () => 0,
};

// ---- failure reports ----

const failureListeners = new Set<(failure: HttpFailure) => void>();

/** Subscribes to failed requests (not the silent ones); returns the unsubscribe function. */
export function onHttpFailure(listener: (failure: HttpFailure) => void) {
  failureListeners.add(listener);
  return () => {
    failureListeners.delete(listener);
  };
}

/** The code shown when a failed response carries no `messages` of its own. */
export function fallbackMessage(status: number): string {
  if (status === 0) return "NETWORK_ERROR";
  if (status === 413) return "REQUEST_EXCEEDS_LIMIT";
  if (status === 429) return "TOO_MANY_REQUESTS";
  if (status === 502 || status === 503 || status === 504) return "SERVICE_TEMPORARILY_UNAVAILABLE";
  if (status >= 500) return "INTERNAL_SERVER_ERROR";
  if (status === 404) return "NOT_FOUND";
  return "INVALID_PARAMETERS";
}

/** Reads `{ messages: string[] }` from an error response, whatever else it holds. */
export async function failureMessages(response: Response): Promise<string[]> {
  try {
    const body = (await response.json()) as { messages?: unknown };
    const messages = Array.isArray(body?.messages)
      ? body.messages.filter((m): m is string => typeof m === "string" && m.length > 0)
      : [];
    if (messages.length) return messages;
  } catch {
    // Not JSON (a proxy's error page): fall back to the status.
  }
  return [fallbackMessage(response.status)];
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions["query"]) {
  const url = /^https?:\/\//.test(path) ? path : `${baseUrl.replace(/\/$/, "")}/${path.replace(/^\//, "")}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes("?") ? "&" : "?"}${search}` : url;
}

export type HttpClient = ReturnType<typeof createHttpClient>;

export function createHttpClient(options: { baseUrl: string; fetch?: typeof fetch }) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const url = buildUrl(options.baseUrl, path, opts.query);
    const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData || typeof opts.body === "string") {
      body = opts.body;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["Content-Type"] = "application/json";
    }

    const fail = (status: number, messages: string[]) => {
      const failure: HttpFailure = { status, messages, method, url };
      if (!opts.silent) for (const listener of failureListeners) listener(failure);
      return new HttpRequestError(failure);
    };

    setInFlight(inFlight + 1);
    try {
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers,
          body,
          signal: opts.signal,
          credentials: "same-origin",
        });
      } catch (error) {
        // The caller gave up: nothing to tell the visitor.
        if (opts.signal?.aborted) throw error;
        throw fail(0, [fallbackMessage(0)]);
      }
      if (!response.ok) throw fail(response.status, await failureMessages(response));
      if (response.status === 204) return undefined as T;
      const type = response.headers.get("Content-Type") ?? "";
      return (type.includes("json") ? await response.json() : await response.text()) as T;
    } finally {
      setInFlight(inFlight - 1);
    }
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions, "body">) => request<T>("GET", path, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>("POST", path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>("PUT", path, { ...opts, body }),
    delete: <T>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, opts),
  };
}

/** The site's client for its own JSON API. */
export const http = createHttpClient({ baseUrl: "/api" });
