import type { TFunction } from "i18next";
import type { z } from "zod";

/**
 * Validation messages travel as i18n keys, not texts: the same schema runs in the browser and
 * on the server, and each side translates the key in the visitor's language when it renders.
 * A message with parameters is `key|{"json":"params"}` because Zod issues and Conform's
 * submission replies carry plain strings.
 */
export type FormMessageKey =
  | "required"
  | "email"
  | "alphanumeric"
  | "minLength"
  | "maxLength"
  | "password"
  | "passwordMismatch"
  | "invalid"
  | "characters"
  | "invalidOption"
  | "invalidDate"
  | "minAge"
  | "phone"
  | "fileType"
  | "fileSize"
  | "fileLimit";

export type MessageParams = Record<string, string | number>;

const separator = "|";

/** Encodes a form-kit message (namespace `forms`, section `validation`) with its parameters. */
export function formMessage(key: FormMessageKey, params?: MessageParams): string {
  return encodeMessage(`forms:validation.${key}`, params);
}

/** Encodes any catalog key with parameters, for features whose schemas add their own messages. */
export function encodeMessage(key: string, params?: MessageParams): string {
  return params && Object.keys(params).length ? `${key}${separator}${JSON.stringify(params)}` : key;
}

export function decodeMessage(message: string): { key: string; params: MessageParams } {
  const at = message.indexOf(separator);
  if (at === -1) return { key: message, params: {} };
  try {
    const params = JSON.parse(message.slice(at + 1)) as unknown;
    if (params && typeof params === "object" && !Array.isArray(params)) {
      return { key: message.slice(0, at), params: params as MessageParams };
    }
  } catch {
    // Not one of ours: a plain text that happens to contain the separator.
  }
  return { key: message, params: {} };
}

/**
 * Translates an encoded message. A text that is not a catalog key (e.g. a message a service
 * answered with) is shown as it is, never as a half-resolved key.
 */
export function translateMessage(t: TFunction, message: string): string {
  const { key, params } = decodeMessage(message);
  return t(key, { ...params, defaultValue: key });
}

/**
 * Gives every Zod issue that has no message of its own the kit's text, so a feature schema
 * written as `z.string().max(80)` still says 'Field must have at most 80 characters.' and no
 * English-only Zod text ever reaches a visitor. A missing value is a field left empty.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined ? formMessage("required") : formMessage("invalid");
    case "too_small":
      if (issue.origin === "string") return formMessage("minLength", { min: Number(issue.minimum) });
      if (issue.origin === "array" || issue.origin === "set") return formMessage("required");
      return formMessage("invalid");
    case "too_big":
      if (issue.origin === "string") return formMessage("maxLength", { max: Number(issue.maximum) });
      return formMessage("invalid");
    case "invalid_format":
      return issue.format === "email" ? formMessage("email") : formMessage("invalid");
    case "invalid_value":
      return formMessage("invalidOption");
    default:
      return formMessage("invalid");
  }
};
