/**
 * Stopping an outside analytics provider in the page, without reloading it, when the visitor
 * withdraws consent (docs/decisions/0025-click-to-load-embeds.md, "Analytics"). A script that
 * ran cannot be unloaded, so what it can still do is taken away: its requests to its origin (by
 * fetch, sendBeacon, XMLHttpRequest, WebSocket, EventSource, or an image's, script's or frame's
 * address, set as a property or an attribute) go nowhere, its frames and open sockets are
 * closed, and the cookies it sets are refused and deleted. Given consent again, the guard lifts
 * and the script is added anew. Provider-neutral: no provider API is assumed. What no patch can
 * promise, the browser does from the next document on: its policy names the provider only with
 * consent (docs/decisions/0049-provider-in-csp-with-consent.md), and after a withdrawal the next
 * navigation loads a new document (AnalyticsTracker).
 */

type Guard = { origin: string; cookies: Set<string> };

let guard: Guard | null = null;
let installed = false;
/** The provider's origin while it may run: its sockets are tracked to be closed on a stop. */
let provider: string | null = null;
/** The provider's sockets opened while it ran, closed when it is stopped. */
const sockets = new Set<WebSocket>();

/** Whether `address` is on `origin`: the same host, by http(s) or by ws(s). */
function onOrigin(address: unknown, origin: string): boolean {
  try {
    const raw =
      address instanceof Request ? address.url : address instanceof URL ? address.href : String(address);
    const url = new URL(raw, window.location.href);
    const provider = new URL(origin);
    const secure = provider.protocol === "https:";
    return url.host === provider.host && [provider.protocol, secure ? "wss:" : "ws:"].includes(url.protocol);
  } catch {
    return false;
  }
}

function blocked(address: unknown): boolean {
  return guard !== null && onOrigin(address, guard.origin);
}

/** Attributes that make an element fetch an address. */
const addressAttributes = new Set([
  "src",
  "srcset",
  "href",
  "data",
  "action",
  "formaction",
  "poster",
  "ping",
]);

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

  // Tracking pixels, further scripts and frames of the provider, by property or attribute.
  const addressProperties: Array<[object, string]> = [
    [HTMLImageElement.prototype, "src"],
    [HTMLScriptElement.prototype, "src"],
    [HTMLIFrameElement.prototype, "src"],
    [HTMLLinkElement.prototype, "href"],
  ];
  for (const [proto, name] of addressProperties) {
    const property = Object.getOwnPropertyDescriptor(proto, name);
    if (!property?.set || !property.get) continue;
    const set = property.set;
    Object.defineProperty(proto, name, {
      ...property,
      set(this: HTMLElement, value: string) {
        if (!blocked(value)) set.call(this, value);
      },
    });
  }
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function guardedSetAttribute(this: Element, name: string, value: string) {
    if (addressAttributes.has(name.toLowerCase()) && blocked(value)) return;
    setAttribute.call(this, name, value);
  };

  // Sockets and event streams: refused as the browser refuses what its policy forbids.
  const NativeSocket = window.WebSocket;
  window.WebSocket = class GuardedWebSocket extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      if (blocked(url)) throw new DOMException("Analytics consent was withdrawn", "SecurityError");
      super(url, protocols);
      if (provider && onOrigin(url, provider)) {
        sockets.add(this);
        this.addEventListener("close", () => sockets.delete(this));
      }
    }
  };
  const NativeEventSource = window.EventSource;
  if (NativeEventSource) {
    window.EventSource = class GuardedEventSource extends NativeEventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        if (blocked(url)) throw new DOMException("Analytics consent was withdrawn", "SecurityError");
        super(url, init);
      }
    };
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
  provider = null;
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLIFrameElement>(
    "script[src], iframe[src]",
  )) {
    if (blocked(element.src)) element.remove();
  }
  for (const socket of sockets) socket.close();
  sockets.clear();
}

/**
 * Consent given (again) in this page: the provider at `origin` may run. The guard is installed
 * now, inert, so that the sockets the provider opens are known when it is stopped.
 */
export function releaseProvider(origin: string): void {
  install();
  guard = null;
  provider = origin;
}

let documentNavigations = false;

/**
 * From now on, following a link of the site loads a new document instead of rendering the page
 * in this one: the new document gets the policy of the visitor's choice now, which leaves out a
 * provider whose script still lives in this page. Clicks another handler took (the 'Cookie
 * settings' link), new tabs and downloads are left alone. Navigations that are not link clicks
 * (a form's redirect, Back) are caught by AnalyticsTracker.
 */
export function loadNextPagesAsDocuments(): void {
  if (documentNavigations) return;
  documentNavigations = true;
  // Capture phase: before React Router's own link handler, which then sees the click taken.
  document.addEventListener(
    "click",
    (event) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link =
        event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!link || link.target || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      // Only the fragment changes: the same document scrolls, it loads nothing.
      if (url.pathname === window.location.pathname && url.search === window.location.search && url.hash)
        return;
      event.preventDefault();
      window.location.assign(url.href);
    },
    true,
  );
}
