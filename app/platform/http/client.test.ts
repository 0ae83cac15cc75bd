import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createHttpClient,
  fallbackMessage,
  type HttpFailure,
  HttpRequestError,
  httpActivity,
  onHttpFailure,
} from "./client";

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function failures() {
  const seen: HttpFailure[] = [];
  stops.push(onHttpFailure((failure) => seen.push(failure)));
  return seen;
}

describe("http client", () => {
  it("prefixes the base url, encodes the query and sends JSON", async () => {
    const fetch = vi.fn(async () => json({ ok: true }));
    const client = createHttpClient({ baseUrl: "/api/", fetch });
    const answer = await client.post<{ ok: boolean }>(
      "/consents",
      { choice: "reject" },
      { query: { lang: "fr", skip: undefined } },
    );
    expect(answer).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/consents?lang=fr");
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"choice":"reject"}');
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", Accept: "application/json" });
    expect(init.credentials).toBe("same-origin");
  });

  it("counts requests in flight while they run (the global loading flag)", async () => {
    let release!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    const client = createHttpClient({ baseUrl: "/api", fetch });
    const counts: number[] = [];
    stops.push(httpActivity.subscribe(() => counts.push(httpActivity.getSnapshot())));
    const pending = client.get("/offices");
    expect(httpActivity.getSnapshot()).toBe(1);
    release(new Response(null, { status: 204 }));
    await expect(pending).resolves.toBeUndefined();
    expect(httpActivity.getSnapshot()).toBe(0);
    expect(counts).toEqual([1, 0]);
  });

  it("reports each message of a failed response and throws them", async () => {
    const seen = failures();
    const client = createHttpClient({
      baseUrl: "/api",
      fetch: async () => json({ messages: ["EMAIL_IN_USE", "INVALID_EMAIL"] }, 409),
    });
    const error = await client.post("/account/create", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect((error as HttpRequestError).status).toBe(409);
    expect((error as HttpRequestError).messages).toEqual(["EMAIL_IN_USE", "INVALID_EMAIL"]);
    expect(seen).toEqual([
      {
        status: 409,
        messages: ["EMAIL_IN_USE", "INVALID_EMAIL"],
        method: "POST",
        url: "/api/account/create",
      },
    ]);
    expect(httpActivity.getSnapshot()).toBe(0);
  });

  it("stands a catalogue code in for a failure without messages", async () => {
    const seen = failures();
    const client = createHttpClient({
      baseUrl: "/api",
      fetch: async () => new Response("<html>Bad gateway</html>", { status: 502 }),
    });
    await expect(client.get("/offices")).rejects.toThrow(HttpRequestError);
    expect(seen[0]?.messages).toEqual(["SERVICE_TEMPORARILY_UNAVAILABLE"]);
    expect(fallbackMessage(429)).toBe("TOO_MANY_REQUESTS");
    expect(fallbackMessage(413)).toBe("REQUEST_EXCEEDS_LIMIT");
    expect(fallbackMessage(500)).toBe("INTERNAL_SERVER_ERROR");
    expect(fallbackMessage(400)).toBe("INVALID_PARAMETERS");
  });

  it("reports a network failure as NETWORK_ERROR", async () => {
    const seen = failures();
    const client = createHttpClient({
      baseUrl: "/api",
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await expect(client.get("/faqs")).rejects.toMatchObject({ status: 0, messages: ["NETWORK_ERROR"] });
    expect(seen.map((f) => f.messages)).toEqual([["NETWORK_ERROR"]]);
  });

  it("keeps silent requests and aborted ones out of the toasts", async () => {
    const seen = failures();
    const failing = createHttpClient({ baseUrl: "/api", fetch: async () => json({ messages: ["X"] }, 400) });
    await expect(failing.get("/a", { silent: true })).rejects.toThrow(HttpRequestError);

    const controller = new AbortController();
    const aborting = createHttpClient({
      baseUrl: "/api",
      fetch: async () => {
        controller.abort();
        throw new DOMException("aborted", "AbortError");
      },
    });
    await expect(aborting.get("/b", { signal: controller.signal })).rejects.toThrow("aborted");
    expect(seen).toEqual([]);
  });

  it("sends FormData as it is (multipart uploads)", async () => {
    const fetch = vi.fn(async () => json({ id: "u1" }));
    const client = createHttpClient({ baseUrl: "/api", fetch });
    const form = new FormData();
    form.set("file", new Blob(["x"]), "a.txt");
    await client.post("/uploads", form);
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty("Content-Type");
  });
});
