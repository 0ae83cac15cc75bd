import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  RouterContextProvider,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { pageCacheControl } from "~/platform/cache/page-headers";
import { coalescingPassThrough } from "~/platform/http/coalescing-stream.server";
import { isCrawler } from "~/platform/http/crawlers.server";
import { scriptsAfterFirstPaint } from "~/platform/http/page-scripts.server";
import { splitLanguage } from "~/platform/i18n/languages";
import { TranslationsContext } from "~/platform/i18n/translations";
import { serverTranslations } from "~/platform/i18n/translator.server";
import { requestInfoContext } from "~/platform/request-context";
import { serverPreloadsReady } from "~/ui/server-preloads";

export const streamTimeout = 5_000;

/**
 * A data request (`.data`) of a form post answers `no-store` like the page would; a data GET
 * keeps what its route declared (`privatePageHeaders` for pages with a token or personal data).
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  if (request.method !== "GET" && request.method !== "HEAD")
    response.headers.set("Cache-Control", pageCacheControl(request.method, null));
  return response;
};

/**
 * A loader's or action's error. A refusal the site answered with a 4xx (a POST to a page without
 * a form, an unknown address) is the visitor's, not a fault: not logged, and its message would
 * carry the path as sent, a private link's token with it (docs/decisions/0043-logs-without-tokens.md).
 * Anything else is logged as React Router does, unless the visitor went away.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  const { lang } = splitLanguage(new URL(request.url).pathname);
  const translations = await serverTranslations(lang);
  // What the browser loads later renders in full here: forms, their schemas (ui/server-preloads.ts).
  await serverPreloadsReady();
  // Crawlers and no-JS visitors get the whole document at once; browsers get it streamed.
  const waitForAll = isCrawler(request.headers.get("user-agent")) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <TranslationsContext.Provider value={translations}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslationsContext.Provider>,
      {
        nonce,
        // A Suspense boundary that has finished is written in place, whatever its size. React's
        // default (12.8 KB) writes a larger one at the end of the page, hidden, and moves it
        // with an inline script: a form that hydrates later (ui/hydrate-later.tsx) would then
        // be missing without JavaScript, and jump into place with it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // React's pieces written at once leave as one chunk (see coalescing-stream.server.ts),
          // so the page's modules are asked for once it has painted (page-scripts.server.ts)
          // with one pass over its shell. One stream: a reader who leaves closes it, and React's
          // pipe stops the render; the render's end or error ends it.
          const body = coalescingPassThrough(scriptsAfterFirstPaint());
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Pages carry a per-response CSP nonce and consent state: no shared cache may keep them
          // unless a route says otherwise (and then it must use script hashes, not a nonce); no
          // cache at all may keep a form's answer.
          responseHeaders.set(
            "Cache-Control",
            pageCacheControl(request.method, responseHeaders.get("Cache-Control")),
          );
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors during the shell are reported by onShellError; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
