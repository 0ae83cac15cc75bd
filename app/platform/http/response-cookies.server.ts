import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

/**
 * Cookies a loader or action sets on the answer without owning it: a helper that every page of
 * an area calls (the account's session check puts the browser's sign-in hint right) cannot
 * reach each page's headers, and a redirect it throws has none of the page's. The root's
 * middleware gives each request its list and appends it to whatever answers: a page, a data
 * request, a redirect or an error.
 */
const responseCookiesContext = createContext<string[] | null>(null);

export const applyResponseCookies: MiddlewareFunction<Response> = async ({ context }, next) => {
  const cookies: string[] = [];
  context.set(responseCookiesContext, cookies);
  const response = await next();
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** A `Set-Cookie` value for this request's answer (applyResponseCookies must run: the root's). */
export function setResponseCookie(context: Readonly<RouterContextProvider>, cookie: string) {
  const cookies = context.get(responseCookiesContext);
  if (!cookies) throw new Error("setResponseCookie outside the root's applyResponseCookies middleware");
  cookies.push(cookie);
}
