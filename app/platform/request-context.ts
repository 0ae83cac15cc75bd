import { createContext } from "react-router";
import type { Services } from "~/platform/services.server";

/**
 * What the HTTP server hands every loader and action (React Router middleware contexts):
 * the process's services and this request's own values.
 */
export const servicesContext = createContext<Services>();

export type RequestInfo = {
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  requestId: string;
  /** The client's address as Express sees it (trust-proxy aware); rate limits key on it. */
  clientIp: string;
};
export const requestInfoContext = createContext<RequestInfo>();
