import { getInputProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import type { Field } from "./Field";

export type ChoiceOption = { value: string; label: ReactNode };

/**
 * The boxes or radios of a choice field, each with its own label: the one markup RadioGroup and
 * MultiSelect share. `overrides` drops constraints Conform derives for the whole list (a
 * checkbox list is not `required` box by box; a radio value is not a text `pattern`).
 */
export function ChoiceItems({
  field,
  options,
  type,
  invalid,
  overrides,
}: {
  field: Field;
  options: readonly ChoiceOption[];
  type: "radio" | "checkbox";
  invalid: boolean;
  overrides: InputHTMLAttributes<HTMLInputElement>;
}) {
  return options.map((option, index) => {
    const { key, ...input } = getInputProps(field, {
      type,
      value: option.value,
      ariaAttributes: false,
    });
    const id = `${field.id}-${index}`;
    return (
      <div className="choice" key={option.value}>
        <input
          key={key}
          {...input}
          {...overrides}
          id={id}
          aria-invalid={invalid || undefined}
          className={`choice__control choice__control--${type}`}
        />
        <label htmlFor={id} className="choice__label">
          {option.label}
        </label>
      </div>
    );
  });
}
