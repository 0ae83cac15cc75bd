import type { RequestHandler } from "express";
import { renderToStaticMarkup } from "react-dom/server";
import type { Config } from "~/platform/config.server";
import { loadLanguage } from "~/platform/i18n/catalogs";
import { languageTags, localizePath, splitLanguage } from "~/platform/i18n/languages";
import { isCrossOrigin } from "./same-origin";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

type ErrorTexts = { title: string; status: string; home: string };

/**
 * A form post to a page (a React Router action) made by another site's page is refused with a
 * 403 page, before React Router reads it. React Router's own origin check would answer 400, and
 * only compares with the Host header; this one follows the site's rule (same-origin.ts), so
 * pages and the JSON API refuse the same requests with the same status.
 */
export function refuseCrossOriginPagePosts(
  config: Pick<Config, "publicUrl" | "isProduction">,
): RequestHandler {
  return async (req, res, next) => {
    if (safeMethods.has(req.method)) return next();
    const requestUrl = `${req.protocol}://${req.get("host")}`;
    if (!isCrossOrigin(req.headers, { ...config, requestUrl })) return next();
    const { lang } = splitLanguage(req.path);
    const texts = ((await loadLanguage(lang)).common as { error: ErrorTexts }).error;
    const html = renderToStaticMarkup(
      <html lang={languageTags[lang]}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>{texts.title}</title>
        </head>
        <body>
          <main>
            <h1>{texts.title}</h1>
            <p>{texts.status.replace("{{status}}", "403")}</p>
            <p>
              <a href={localizePath("/", lang)}>{texts.home}</a>
            </p>
          </main>
        </body>
      </html>,
    );
    res
      .status(403)
      .set({ "Cache-Control": "no-store", Connection: "close" })
      .type("html")
      .send(`<!DOCTYPE html>${html}`);
  };
}
