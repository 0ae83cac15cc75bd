import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { formErrorMap } from "./messages";

/**
 * Validates a submitted form against its schema, the same way in the browser (Conform's
 * `onValidate`) and on the server (`parseForm`): form values are coerced (empty → missing,
 * "on" → true, repeated names → lists) and every message is a kit key.
 */
export function validateForm<Schema extends z.ZodType>(formData: FormData | URLSearchParams, schema: Schema) {
  return parseWithZod(formData, { schema, error: formErrorMap });
}

/**
 * The HTML constraints (`required`, `maxLength`, `pattern`…) a schema gives its fields: what the
 * server renders into the form, so a visit without JavaScript gets the same checks.
 */
export function formConstraint(schema: z.ZodType) {
  return getZodConstraint(schema);
}

export type FieldErrors = Record<string, string[]>;

/**
 * Per-field messages from a Zod error, keyed by the field's form name (`dateOfBirth.day`,
 * `teams[0]`); errors about the whole form are under "". For validating data that did not come
 * from a form (a JSON body) with the same schema.
 */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = issue.path
      .map((part, index) =>
        typeof part === "number" ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`,
      )
      .join("");
    errors[name] ??= [];
    if (!errors[name].includes(issue.message)) errors[name].push(issue.message);
  }
  return errors;
}
