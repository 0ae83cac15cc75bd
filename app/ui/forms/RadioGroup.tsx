import type { ReactNode } from "react";
import { ChoiceItems, type ChoiceOption } from "./ChoiceItems";
import {
  describedBy,
  type Field,
  FieldErrors,
  FieldHint,
  fieldClass,
  hasErrors,
  RequiredMark,
} from "./Field";

export type { ChoiceOption } from "./ChoiceItems";

/**
 * One answer out of a few, all visible: a fieldset whose legend names the question and which
 * the hint and error describe; each radio says it is required and invalid. Arrow keys move
 * between answers.
 */
export function RadioGroup({
  field,
  legend,
  options,
  hint,
  inline = false,
  className,
}: {
  field: Field<string>;
  legend: ReactNode;
  options: readonly ChoiceOption[];
  hint?: ReactNode;
  /** Answers side by side (short ones: yes/no) rather than one per line. */
  inline?: boolean;
  className?: string;
}) {
  const invalid = hasErrors(field);
  const legendId = `${field.id}-legend`;
  return (
    <fieldset
      // The error summary links here (a group: its link focuses the first control inside).
      id={field.id}
      className={fieldClass("choices", invalid, className)}
      aria-labelledby={legendId}
      aria-describedby={describedBy(invalid && field.errorId, hint ? field.descriptionId : undefined)}
    >
      <legend className="field__label" id={legendId}>
        {legend}
        {field.required ? <RequiredMark /> : null}
      </legend>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <div className={inline ? "choice-list choice-list--inline" : "choice-list"}>
        <ChoiceItems
          field={field}
          options={options}
          type="radio"
          invalid={invalid}
          // The schema's list of values, not a text pattern.
          overrides={{ pattern: undefined }}
        />
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
