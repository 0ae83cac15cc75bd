import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { z } from "zod";
import { validateForm } from "~/platform/forms/validate";

/**
 * A form driven by its schema: the browser validates with it when the visitor sends the form
 * (not when a field is left: a message appearing then pushes the page down under the pointer,
 * so the click meant for the next field misses), then re-checks each field as it is corrected.
 * The server's
 * reply (`parseForm(...).result`, returned by the action) fills in the same errors and values,
 * so a visit without JavaScript sees exactly what a visit with it sees.
 *
 *     const [form, fields] = useValidatedForm({ schema, lastResult: actionData?.result });
 *     <Form method="post" {...getFormProps(form)}> <TextField field={fields.name} … /> </Form>
 */
export function useValidatedForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>({
  schema,
  lastResult,
  id,
  defaultValue,
}: {
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  /** Stable id when a page has several forms; generated otherwise. */
  id?: string;
  /** Values to start from (editing an existing alert). */
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateForm(formData, schema),
  });
}
