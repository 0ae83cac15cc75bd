import { getTextareaProps } from "@conform-to/react";
import { FieldErrors, FieldHint, FieldLabel, fieldClass, hasErrors } from "./Field";
import type { TextFieldProps } from "./TextField";

type TextareaProps = Omit<TextFieldProps, "type" | "inputMode"> & { rows?: number };

/** A multi-line answer. */
export function Textarea({
  field,
  label,
  hint,
  autoComplete,
  rows = 5,
  spellCheck,
  className,
}: TextareaProps) {
  const invalid = hasErrors(field);
  const { key, ...textarea } = getTextareaProps(field, {
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <div className={fieldClass("textarea", invalid, className)}>
      <FieldLabel htmlFor={field.id} required={field.required}>
        {label}
      </FieldLabel>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <textarea
        key={key}
        {...textarea}
        className="field__control"
        rows={rows}
        autoComplete={autoComplete}
        spellCheck={spellCheck}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
