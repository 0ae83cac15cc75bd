import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import { formMessage } from "./messages";
import { findForbiddenText, hasForbiddenCharacters } from "./text-rules";
import { type FieldErrors, validateForm } from "./validate";

export type FormReply = SubmissionResult<string[]>;

export type FormSuccess<T> = {
  status: "success";
  value: T;
  /**
   * The reply for the page when a later step fails (a service refused the data): form-level
   * messages for the error summary, or messages on named fields.
   */
  reply: (errors: { formErrors?: string[]; fieldErrors?: FieldErrors }) => FormReply;
};

export type FormFailure = {
  status: "error";
  /** What the visitor typed (files and secrets left out), to fill the form again. */
  values: Record<string, unknown>;
  /** Message keys per field name; "" holds the form's own messages. */
  errors: FieldErrors;
  /** The same, shaped for the form hook: return it from the action as the page's `lastResult`. */
  result: FormReply;
};

/** Names never echoed back into the page, so a password does not travel twice. */
const secretName = /password|secret|token/i;

/**
 * Reads and validates a form post in an action. Works the same whether the browser ran the
 * schema first (JavaScript) or not: on failure the action returns `result` and the page renders
 * the same translated errors next to the same fields.
 */
export async function parseForm<Schema extends z.ZodType>(
  input: Request | FormData,
  schema: Schema,
  { hideFields = [] }: { hideFields?: string[] } = {},
): Promise<FormSuccess<z.output<Schema>> | FormFailure> {
  const formData = input instanceof Request ? await readFormData(input) : input;
  const submission = validateForm(formData, schema);
  const hidden = [...Object.keys(submission.payload).filter((name) => secretName.test(name)), ...hideFields];
  const refused = refusedCharacters(formData);
  if (submission.status === "success" && !refused) {
    return {
      status: "success",
      value: submission.value as z.output<Schema>,
      reply: ({ formErrors, fieldErrors }) =>
        submission.reply({ formErrors, fieldErrors, hideFields: hidden }),
    };
  }
  const result = submission.reply({ hideFields: hidden, ...(refused && { fieldErrors: refused }) });
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return { status: "error", values: result.initialValue ?? {}, errors, result };
}

/**
 * Every text field of every form refuses control characters and lone surrogates, also those a
 * schema checks with a plain `z.string()` (or not at all): the field gets the message, the form
 * is not accepted. The schema's own helpers say the same in the browser, before sending.
 */
function refusedCharacters(formData: FormData): FieldErrors | undefined {
  const refused: FieldErrors = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && (hasForbiddenCharacters(value) || hasForbiddenCharacters(name))) {
      refused[name] = [formMessage("characters")];
    }
  }
  return Object.keys(refused).length ? refused : undefined;
}

/**
 * Reads a form post that no schema checks (a button's intent, a hidden token): control characters
 * there were not typed by a visitor, so the request is refused with 400 rather than a field
 * message; a body that is not a form too. With `only`, just those fields are checked: the others
 * are a schema's, which `parseForm` (given the returned form) refuses with a field message.
 */
export async function readForm(
  request: Request,
  { only }: { only?: readonly string[] } = {},
): Promise<FormData> {
  const formData = await readFormData(request);
  const fields: Record<string, string[]> = Object.create(null);
  for (const name of new Set(formData.keys())) {
    if (only && !only.includes(name)) continue;
    fields[name] = formData.getAll(name).filter((value): value is string => typeof value === "string");
  }
  const places = findForbiddenText(fields).map((place) => place.replace(/\[\d+\]$/, ""));
  if (places.length) {
    throw data(
      { messages: [...new Set(places)].map((place) => `${place}: ${formMessage("characters")}`) },
      { status: 400 },
    );
  }
  return formData;
}

/** A body that is not a form (or is cut off) is the visitor's fault: 400, never a 500. */
async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ messages: ["MISSING_POST_BODY"] }, { status: 400 });
  }
}
