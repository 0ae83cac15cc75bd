import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { type Field, FieldErrors, FieldHint, FieldLabel, fieldClass, hasErrors } from "./Field";

/**
 * A yes/no the visitor switches on: consents, "I am over 18", the NDA
 * (docs/requirements.md#forms-and-validation: a required switch left off reads 'Field is
 * required'). A native checkbox with the switch role, so Space toggles it, forms post it without
 * JavaScript, and screen readers say "on/off".
 */
export function CheckboxSwitch({
  field,
  label,
  hint,
  className,
}: {
  field: Field<boolean | string>;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  const invalid = hasErrors(field);
  const { key, ...input } = getInputProps(field, {
    type: "checkbox",
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <div className={fieldClass("switch", invalid, className)}>
      <div className="switch">
        {/* biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its own checked state. */}
        <input key={key} {...input} role="switch" className="switch__control" />
        <FieldLabel htmlFor={field.id} required={field.required}>
          {label}
        </FieldLabel>
      </div>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
