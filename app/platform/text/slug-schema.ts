import { z } from "zod";
import { slugMaxLength, slugRegExp } from "./slug";

// Apart from slug.ts, which modules that load no Zod (the art kit, the pages' routes) import.

type SlugSchemaOptions = {
  /** Trims the value before checking it (a form's field). */
  trim?: boolean;
  /**
   * The length limit, checked before the pattern: slugMaxLength unless told; false for none
   * (a content file's fields: the studio writes them, no visitor sends them).
   */
  max?: number | false;
  /** The message for a value over `max`; Zod's own unless told. */
  tooLong?: string;
};

/**
 * A slug (slug.ts) in a schema, refused with the message its caller's readers expect: an API's
 * "Invalid slug", a form's message key, a content file's explanation.
 */
export function slugSchema(
  message: string,
  { trim = false, max = slugMaxLength, tooLong }: SlugSchemaOptions = {},
) {
  let schema = z.string();
  if (trim) schema = schema.trim();
  if (max !== false) schema = schema.max(max, tooLong);
  return schema.regex(slugRegExp, message);
}
