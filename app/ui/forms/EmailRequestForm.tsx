import type { SubmissionResult } from "@conform-to/react";
import { TextField } from "./TextField";
import { formSchema } from "./use-validated-form";
import { ValidatedForm } from "./ValidatedForm";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const emailRequestSchema = formSchema(() =>
  import("./email-request-schema").then((m) => m.emailRequestSchema),
);

/**
 * A form that asks only for an e-mail address, to which something private is then sent (lost
 * status links, the data-rights link): the page's action answers the same whatever the address.
 */
export function EmailRequestForm({
  id,
  className,
  action,
  label,
  submit,
  lastResult,
}: {
  id: string;
  className: string;
  /** Where it posts when that is not the page's own address (an expired status link's page). */
  action?: string;
  label: string;
  submit: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <ValidatedForm
      schema={emailRequestSchema}
      lastResult={lastResult}
      id={id}
      className={className}
      action={action}
    >
      {(fields) => (
        <>
          <TextField field={fields.email} label={label} type="email" autoComplete="email" />
          <button type="submit" className="button button--primary">
            {submit}
          </button>
        </>
      )}
    </ValidatedForm>
  );
}
