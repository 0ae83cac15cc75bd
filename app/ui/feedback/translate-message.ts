import { decodeMessage } from "~/platform/forms/messages";
import type { Translations } from "~/platform/i18n/translations";

/**
 * The text of one message of a failed response (docs/requirements.md#errors-and-feedback): the
 * catalogue's translation under `msg.<message>` (namespace `messages`) when there is one, else the
 * message's own translation (it may be a catalog key such as `forms:validation.required`, with its
 * parameters), else the message as it came.
 */
export function translateMessage(i18n: Pick<Translations, "exists" | "t">, message: string): string {
  const { key, params } = decodeMessage(message);
  const code = `messages:msg.${key}`;
  if (i18n.exists(code)) return i18n.t(code, params);
  // returnObjects: a message that names a catalog section (e.g. "error") must not render the
  // object-instead-of-string warning; such a message is shown as it came.
  const own: unknown = i18n.t(key, { ...params, defaultValue: key, returnObjects: true });
  return typeof own === "string" ? own : key;
}
