/**
 * Stopping an outside analytics provider in the page, without reloading it, when the visitor
 * withdraws consent (docs/decisions/0025-click-to-load-embeds.md, "Analytics"). A script that
 * ran cannot be unloaded, so what it can still do is taken away: its requests to its origin (by
 * fetch, sendBeacon, XMLHttpRequest, or an image or script address) go nowhere, and the cookies
 * it sets are refused and deleted. Given consent again, the guard lifts and the script is added
 * anew. Provider-neutral: no provider API is assumed.
 */

type Guard = { origin: string; cookies: Set<string> };

let guard: Guard | null = null;
let installed = false;

function blocked(address: unknown): boolean {
  if (!guard) return false;
  try {
    const url =
      address instanceof Request ? address.url : address instanceof URL ? address.href : String(address);
    return new URL(url, window.location.href).origin === guard.origin;
  } catch {
    return false;
  }
}

function cookieName(assignment: string): string {
  return assignment.split(";")[0]?.split("=")[0]?.trim() ?? "";
}

/** Patches the ways a script sends data or sets cookies, once per page; inert while no guard is up. */
function install() {
  if (installed) return;
  installed = true;

  const fetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    blocked(input) ? Promise.resolve(new Response(null, { status: 204 })) : fetch(input, init);

  const sendBeacon = navigator.sendBeacon?.bind(navigator);
  if (sendBeacon) {
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) =>
      blocked(url) ? true : sendBeacon(url, data);
  }

  const xhrOpen = XMLHttpRequest.prototype.open;
  const xhrSend = XMLHttpRequest.prototype.send;
  const refused = new WeakSet<XMLHttpRequest>();
  XMLHttpRequest.prototype.open = function open(this: XMLHttpRequest, ...args: unknown[]) {
    if (blocked(args[1])) refused.add(this);
    return (xhrOpen as (...a: unknown[]) => void).apply(this, args);
  };
  XMLHttpRequest.prototype.send = function send(
    this: XMLHttpRequest,
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    if (refused.has(this)) return;
    xhrSend.call(this, body);
  };

  // Tracking pixels and further scripts of the provider.
  for (const proto of [HTMLImageElement.prototype, HTMLScriptElement.prototype]) {
    const src = Object.getOwnPropertyDescriptor(proto, "src");
    if (!src?.set || !src.get) continue;
    const set = src.set;
    Object.defineProperty(proto, "src", {
      ...src,
      set(this: HTMLElement, value: string) {
        if (!blocked(value)) set.call(this, value);
      },
    });
  }

  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  if (cookie?.set && cookie.get) {
    const set = cookie.set;
    Object.defineProperty(Document.prototype, "cookie", {
      ...cookie,
      set(this: Document, value: string) {
        if (
          guard?.cookies.has(cookieName(String(value))) &&
          !/max-age=0|expires=thu, 01 jan 1970/i.test(value)
        )
          return;
        set.call(this, value);
      },
    });
  }
}

/** From now on, in this page, the provider at `origin` sends nothing and sets none of `cookies`. */
export function stopProvider(origin: string, cookies: string[]): void {
  install();
  guard = { origin, cookies: new Set(cookies) };
  for (const script of document.querySelectorAll<HTMLScriptElement>("script[src]")) {
    if (blocked(script.src)) script.remove();
  }
}

/** Consent given again in the same page: the provider may run again. */
export function releaseProvider(): void {
  guard = null;
}
