import { actOnStatusLink } from "~/features/status/index.server";
import type { StatusServices } from "~/platform/status/source.server";

/**
 * A post of a status page's button (`intent`, with the form's other fields) through its link,
 * as the page's action makes it.
 */
export function postOnStatusPage(
  svc: StatusServices,
  token: string,
  intent: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.set("intent", intent);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return actOnStatusLink(svc, token, intent, form);
}

/** What the page says after an action: the message it returns to the page with. */
export const pageSays = (kind: "success" | "error", key: string) => ({ message: { kind, messages: [key] } });
