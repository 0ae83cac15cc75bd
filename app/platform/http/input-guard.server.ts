import type { RequestHandler } from "express";
import { data, type MiddlewareFunction } from "react-router";
import { formMessage } from "~/platform/forms/messages";
import { findForbiddenText, hasForbiddenCharacters } from "~/platform/forms/text-rules";
import { languageTags, localizePath, splitLanguage } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { HttpError } from "./errors.server";

/**
 * The one check where input enters, for text that validates with a plain `z.string()` too:
 * control characters and lone surrogates (forms/text-rules.ts) anywhere in the address (path
 * segments, query names and values) or a parsed body (strings and keys, however deep) refuse
 * the request with 400, naming each place: `{ "messages": ["name: forms:validation.characters"] }`
 * for the JSON API, the error page with status 400 for pages. Page forms get the same message
 * beside the field from parseForm.
 */

const message = formMessage("characters");

/** Where the address holds forbidden characters: "path", and each query name. */
function forbiddenInAddress(path: string, query: unknown): string[] {
  const found = path.split("/").some((segment) => {
    try {
      const decoded = decodeURIComponent(segment);
      // A tab or line break is text a visitor may type in a field, never part of an address.
      return hasForbiddenCharacters(decoded) || /[\t\n\r]/.test(decoded);
    } catch {
      // Not valid percent-encoding: the router answers it (400 or 404), nothing is decoded.
      return false;
    }
  })
    ? ["path"]
    : [];
  return [...found, ...findForbiddenText(query)];
}

const refusal = (places: string[]) => places.map((place) => (place ? `${place}: ${message}` : message));

/** Express (the JSON API): after the body parser, so it sees the parsed body. */
export const refuseForbiddenText: RequestHandler = (req, _res, next) => {
  const places = [...forbiddenInAddress(req.path, req.query), ...findForbiddenText(req.body)];
  next(places.length ? new HttpError(400, refusal(places)) : undefined);
};

/** React Router middleware for the pages: the address of a page or data request. */
export const refuseForbiddenAddress: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  // Without a prototype: a query may well be named `toString` or `__proto__`.
  const query: Record<string, string[]> = Object.create(null);
  for (const name of new Set(url.searchParams.keys())) query[name] = url.searchParams.getAll(name);
  const places = forbiddenInAddress(url.pathname, query);
  if (places.length) throw data({ messages: refusal(places) }, { status: 400 });
  return next();
};

/**
 * Express, before React Router: a page address whose path holds forbidden characters gets a
 * plain 400 here. React Router cannot even render its error page for some of them: a segment of
 * line breaks only (`/%0D%0A/…`) becomes `//` once a URL parser drops them, which it refuses
 * ("Invalid URL") while rendering, a 500. Query strings are left to `refuseForbiddenAddress`.
 */
export const refuseForbiddenPagePath: RequestHandler = async (req, res, next) => {
  if (!forbiddenInAddress(req.path, {}).length) {
    next();
    return;
  }
  const messages = refusal(["path"]);
  res.status(400).set("Cache-Control", "no-store");
  if (req.path.endsWith(".data") || !req.accepts("html")) {
    res.json({ messages });
    return;
  }
  // The error page's own texts in the address's language (the site's frame cannot render here).
  const { lang } = splitLanguage(req.path);
  const t = await translator(lang, "common");
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${languageTags[lang]}"><meta charset="utf-8"><title>${t("error.title")}</title>` +
        `<h1>${t("error.title")}</h1><p>${t("error.status", { status: 400 })}</p>` +
        `<p><a href="${localizePath("/", lang)}">${t("error.home")}</a></p></html>`,
    );
};
