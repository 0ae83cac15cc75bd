import { type DefaultValue, getFormProps, type SubmissionResult } from "@conform-to/react";
import type { FormEvent, ReactNode, Ref } from "react";
import { Form, useLocation } from "react-router";
import type { z } from "zod";
import { type SummaryField, summaryAction } from "./error-summary";
import { FormErrors } from "./FormErrors";
import { type FormSchema, useValidatedForm } from "./use-validated-form";

type AnySchema = z.ZodType<unknown, Record<string, unknown>>;
type Validated<Schema extends AnySchema> = ReturnType<typeof useValidatedForm<Schema>>;
export type ValidatedFormMeta<Schema extends AnySchema> = Validated<Schema>[0];
export type ValidatedFields<Schema extends AnySchema> = Validated<Schema>[1];

/**
 * A form of the site (the kit's README, "3. The page"): a post driven by its schema
 * (`useValidatedForm`), the schema's constraints written into it, its error summary at the top
 * (`FormErrors`), then the fields, which `children` lays out from the form's fields.
 *
 *     <ValidatedForm schema={alertSchema} lastResult={actionData?.result} id="alert" className="alert-form"
 *       summary={(fields) => [{ field: fields.name, label: label.name }, …]}>
 *       {(fields) => <> <TextField field={fields.name} label={label.name} /> … <SubmitButton>…</SubmitButton> </>}
 *     </ValidatedForm>
 *
 * A long form passes `summary`, its fields in their order with their labels: the summary lists
 * the invalid ones, and the form posts to its action (the page's own address unless `action`
 * says otherwise) with the summary as fragment, so that without JavaScript the answer opens on
 * that list (`error-summary.ts`).
 */
export function ValidatedForm<Schema extends AnySchema>({
  schema,
  lastResult,
  id,
  defaultValue,
  action,
  encType,
  label,
  labelledBy,
  className,
  preventScrollReset,
  summary,
  errors,
  onValidSubmit,
  prelude,
  ref,
  children,
}: {
  schema: FormSchema<Schema>;
  lastResult?: SubmissionResult<string[]> | null;
  /** Stable id when a page has several forms; generated otherwise. */
  id?: string;
  defaultValue?: DefaultValue<z.input<Schema>>;
  action?: string;
  /** `multipart/form-data` for a form with an upload, which posts its files without JavaScript. */
  encType?: "multipart/form-data";
  /** The form's accessible name, as text or as the id of its title. */
  label?: string;
  labelledBy?: string;
  className?: string;
  preventScrollReset?: boolean;
  /** A long form's fields in their order, each with its label as text. */
  summary?: (fields: ValidatedFields<Schema>) => SummaryField[];
  /** What went wrong besides the form's own errors (a bot check that failed). */
  errors?: readonly string[];
  /** Runs once the schema let the form go, before it is sent; may hold it (`preventDefault`). */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Rendered first in the form, before its summary (hidden fields, the required-fields note). */
  prelude?: ReactNode;
  /** The form element, for what listens on it (the contact form's bot check loads on first use). */
  ref?: Ref<HTMLFormElement>;
  children: (fields: ValidatedFields<Schema>, form: ValidatedFormMeta<Schema>) => ReactNode;
}) {
  const location = useLocation();
  const [form, fields, constraints] = useValidatedForm({ schema, lastResult, id, defaultValue });
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (onValidSubmit && !event.defaultPrevented) onValidSubmit(event);
  };
  return (
    <Form
      ref={ref}
      method="post"
      encType={encType}
      action={
        summary ? summaryAction(action ?? `${location.pathname}${location.search}`, form.errorId) : action
      }
      aria-label={label}
      aria-labelledby={labelledBy}
      className={className}
      preventScrollReset={preventScrollReset}
      {...formProps}
      onSubmit={onSubmit}
    >
      {prelude}
      {constraints}
      <FormErrors
        id={form.errorId}
        errors={errors?.length ? [...(form.errors ?? []), ...errors] : form.errors}
        fields={summary?.(fields)}
      />
      {children(fields, form)}
    </Form>
  );
}
