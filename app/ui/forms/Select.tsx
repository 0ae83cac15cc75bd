import { getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { type Field, FieldErrors, FieldHint, FieldLabel, fieldClass, hasErrors } from "./Field";

export type SelectOption = { value: string; label: string };

/**
 * One answer out of a longer list. The first, empty option stays selectable so a form sent
 * without a choice reaches the server and comes back with 'Field is required'.
 */
export function Select({
  field,
  label,
  options,
  hint,
  placeholder,
  autoComplete = "off",
  className,
}: {
  field: Field<string>;
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  placeholder?: string;
  /** A purpose such as "country" or "bday-month" when the answer is about the visitor. */
  autoComplete?: string;
  className?: string;
}) {
  const { t } = useTranslation("forms");
  const invalid = hasErrors(field);
  const { key, ...select } = getSelectProps(field, {
    ariaDescribedBy: hint ? field.descriptionId : undefined,
  });
  return (
    <div className={fieldClass("select", invalid, className)}>
      <FieldLabel htmlFor={field.id} required={field.required}>
        {label}
      </FieldLabel>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <div className="select">
        <select key={key} {...select} className="field__control select__control" autoComplete={autoComplete}>
          <option value="">{placeholder ?? t("field.choose")}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
