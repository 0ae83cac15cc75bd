import { getInputProps } from "@conform-to/react";
import type { HTMLAttributes, ReactNode } from "react";
import { type Field, FieldErrors, FieldHint, FieldLabel, fieldClass, hasErrors } from "./Field";

export type TextFieldProps = {
  field: Field<string>;
  label: ReactNode;
  hint?: ReactNode;
  /**
   * Required so every field states its purpose (WCAG 1.3.5): "name", "email", "organization",
   * "new-password", … or "off" for answers no browser should remember.
   */
  autoComplete: string;
  type?: "text" | "password" | "url" | "search" | "tel" | "email";
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  spellCheck?: boolean;
  className?: string;
};

/** A one-line text input with its label, hint and error area. */
export function TextField({
  field,
  label,
  hint,
  autoComplete,
  type = "text",
  inputMode,
  spellCheck,
  className,
}: TextFieldProps) {
  const invalid = hasErrors(field);
  const { key, ...input } = getInputProps(field, {
    type,
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <div className={fieldClass("text", invalid, className)}>
      <FieldLabel htmlFor={field.id} required={field.required}>
        {label}
      </FieldLabel>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <input
        key={key}
        {...input}
        className="field__control"
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={spellCheck}
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** An e-mail address: the right keyboard on phones, no spell check or auto-capitals. */
export function EmailField(
  props: Omit<TextFieldProps, "type" | "autoComplete" | "inputMode"> & { autoComplete?: string },
) {
  return (
    <TextField
      {...props}
      type="email"
      inputMode="email"
      spellCheck={false}
      autoComplete={props.autoComplete ?? "email"}
    />
  );
}
