import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormErrors } from "./FormErrors";
import { TextField } from "./TextField";
import { formSchema, useValidatedForm } from "./use-validated-form";

// Loaded when the form is first used (useValidatedForm): Zod stays out of the page's first scripts.
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
  label,
  submit,
  lastResult,
}: {
  id: string;
  className: string;
  label: string;
  submit: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields, constraints] = useValidatedForm({ schema: emailRequestSchema, lastResult, id });
  return (
    <Form method="post" className={className} {...getFormProps(form)}>
      {constraints}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.email} label={label} type="email" autoComplete="email" />
      <button type="submit" className="button button--primary">
        {submit}
      </button>
    </Form>
  );
}
