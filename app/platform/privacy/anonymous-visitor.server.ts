import crypto from "node:crypto";
import { parseCookies, serializeCookie } from "~/platform/http/cookies";
import { defineCookie } from "./cookie-registry.server";

/**
 * The anonymous visitor behind the one-per-visitor counts (an FAQ answer's "Was this helpful?",
 * a known issue's "Me too"): a random id in an HttpOnly cookie set only when the visitor first
 * presses one of them. The database keeps only its SHA-256 hash, so a leaked table cannot be
 * turned back into cookies, and nothing in it names a person. The cookie keeps the name it had
 * when only the FAQ used it, so the votes already cast stay their visitor's.
 */

export const VISITOR_COOKIE = "faq_visitor";
/** One year (docs/requirements.md#retention). */
export const VISITOR_MAX_AGE = 365 * 24 * 60 * 60;
/** In the site's cookie list: the pages show that visitor's own votes. */
export const visitorSiteCookie = defineCookie({
  setBy: "site",
  name: VISITOR_COOKIE,
  category: "necessary",
  page: { kind: "personal" },
  purpose: {
    en: 'The FAQ vote and "Me too" cookie: a random number, so one visitor has one vote per answer and counts once per known issue; it names no one and is never linked to other data, not even to a report you send; set only when you vote or press "Me too"',
    fr: "Le témoin des votes de la FAQ et des « Moi aussi » : un nombre aléatoire, pour qu'un visiteur n'ait qu'un vote par réponse et ne soit compté qu'une fois par problème connu; il n'identifie personne et n'est jamais relié à d'autres données, pas même à un signalement que vous envoyez; déposé seulement quand vous votez ou appuyez sur « Moi aussi »",
    es: "La cookie de votos de las preguntas frecuentes y de «A mí también»: un número aleatorio, para que cada visitante tenga un voto por respuesta y cuente una sola vez por problema conocido; no identifica a nadie y nunca se vincula con otros datos, ni siquiera con un informe que envíes; solo se guarda cuando votas o pulsas «A mí también»",
  },
  lifetime: { en: "1 year", fr: "1 an", es: "1 año" },
});

const visitorIdPattern = /^[A-Za-z0-9_-]{43}$/;

/** The visitor id of a Cookie header, when it holds a well-formed one. */
export function readVisitorId(cookieHeader: string | null | undefined): string | null {
  const value = parseCookies(cookieHeader).get(VISITOR_COOKIE);
  return value && visitorIdPattern.test(value) ? value : null;
}

export function hashVisitorId(id: string): string {
  return crypto.createHash("sha256").update(id).digest("hex");
}

/** The hash of the request's visitor, or null when they have no (well-formed) cookie yet. */
export function visitorHashOf(cookieHeader: string | null | undefined): string | null {
  const id = readVisitorId(cookieHeader);
  return id ? hashVisitorId(id) : null;
}

/** The visitor of a request; a new id (with its Set-Cookie value) when they have none yet. */
export function resolveVisitor(
  cookieHeader: string | null | undefined,
  options: { secure: boolean },
): { hash: string; setCookie?: string } {
  const existing = readVisitorId(cookieHeader);
  if (existing) return { hash: hashVisitorId(existing) };
  const id = crypto.randomBytes(32).toString("base64url");
  return {
    hash: hashVisitorId(id),
    setCookie: serializeCookie(VISITOR_COOKIE, id, {
      maxAgeSeconds: VISITOR_MAX_AGE,
      httpOnly: true,
      sameSite: "Lax",
      secure: options.secure,
    }),
  };
}
