import type { Field } from "./Field";

/**
 * The error summary's rules (docs/decisions/0026-error-summary.md): which fields a refused form
 * lists at its top, where each entry links, and the address that brings a re-rendered form back
 * scrolled to its summary when the browser runs no script.
 */

/**
 * From this many fields on, a form lists its field errors at the top. A shorter form fits on a
 * phone's screen: its messages are already in view next to the fields, and a list repeating them
 * would push the fields down.
 */
export const LONG_FORM_FIELDS = 5;

/** A field as the summary sees it: where it is, its errors (its parts' too) and its label. */
export type SummaryField = { field: Pick<Field, "id" | "allErrors" | "errors">; label: string };

export type SummaryItem = { href: string; label: string; messages: string[] };

/**
 * A field's messages, each once: a composite field (date of birth, phone) gets the same
 * 'Field is required' from each of its parts, and one message says it for the group.
 */
export function fieldMessages(field: Pick<Field, "allErrors" | "errors">): string[] {
  let all: Record<string, string[]> | undefined;
  try {
    all = field.allErrors;
  } catch {
    // Conform reads every error's key as a path, and refuses some ("constructor", "a ]"): only a
    // hand-made post names its fields so, and it gets the field's own messages (found by fuzzing).
    all = field.errors ? { own: field.errors } : undefined;
  }
  return [...new Set(Object.values(all ?? {}).flat())];
}

/** The summary's entries, in the form's order: only the invalid fields, only on a long form. */
export function summaryItems(fields: readonly SummaryField[]): SummaryItem[] {
  if (fields.length < LONG_FORM_FIELDS) return [];
  return fields.flatMap(({ field, label }) => {
    const messages = fieldMessages(field);
    // A switch's label is a sentence, a question's ends with "?": that mark would sit before the
    // colon of the entry ("What happened?: Field is required").
    const name = label.trim().replace(/\s*[.:?]$/, "");
    return messages.length ? [{ href: `#${field.id}`, label: name, messages }] : [];
  });
}

/**
 * The form's `action` with the summary as its fragment. Without JavaScript the server answers a
 * refused form with a 200 re-render of the same address, and the browser scrolls to the fragment:
 * the visitor lands on the list of what to fix instead of the top of a long page. A redirect after
 * success names its own fragment or lands where the summary is not (the browser keeps the
 * fragment only when the new address has none and an element answers to it).
 */
export function summaryAction(action: string, summaryId: string): string {
  const hash = action.indexOf("#");
  return `${hash < 0 ? action : action.slice(0, hash)}#${summaryId}`;
}
