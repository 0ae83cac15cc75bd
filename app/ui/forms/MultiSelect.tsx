import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useHydrated } from "~/ui/use-hydrated";
import { ChoiceItems } from "./ChoiceItems";
import {
  describedBy,
  type Field,
  FieldErrors,
  FieldHint,
  fieldClass,
  hasErrors,
  RequiredMark,
} from "./Field";
import type { SelectOption } from "./Select";

/**
 * docs/requirements.md#forms-and-validation: past three choices the summary shows a count instead
 * of the names.
 */
export const namedChoicesLimit = 3;

/** What the closed list says it holds: the names of up to three choices, else their count. */
export function choicesSummary(
  chosen: readonly string[],
  options: readonly SelectOption[],
  t: (key: string, params?: Record<string, unknown>) => string,
): string {
  if (chosen.length === 0) return t("multiSelect.none");
  if (chosen.length > namedChoicesLimit) return t("multiSelect.count", { number: chosen.length });
  return options
    .filter((option) => chosen.includes(option.value))
    .map((option) => option.label)
    .join(", ");
}

function initiallyChosen(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
}

/**
 * Several answers out of a list (teams, offices). Without JavaScript it is what it is
 * underneath: a fieldset of checkboxes. With it, the list folds into a drop-down behind a
 * button that sums up the choice; Escape or a click elsewhere folds it again.
 */
export function MultiSelect({
  field,
  legend,
  options,
  hint,
  className,
}: {
  field: Field<string[]>;
  legend: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("forms");
  const invalid = hasErrors(field);
  const enhanced = useHydrated();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState(() => initiallyChosen(field.initialValue));
  const rootRef = useRef<HTMLFieldSetElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = `${field.id}-options`;
  const legendId = `${field.id}-legend`;

  // The boxes stay uncontrolled (the form owns their values); the summary reads them.
  const readChosen = useCallback(() => {
    const boxes = rootRef.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]:checked") ?? [];
    setChosen([...boxes].map((box) => box.value));
  }, []);

  // A server reply or a reset may have changed the boxes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the form's value changes.
  useEffect(readChosen, [readChosen, field.initialValue]);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open]);

  return (
    <fieldset
      // The error summary links here (a group: its link focuses the first control inside).
      id={field.id}
      ref={rootRef}
      className={fieldClass("multiselect", invalid, className)}
      aria-labelledby={legendId}
      aria-describedby={describedBy(invalid && field.errorId, hint ? field.descriptionId : undefined)}
      onChange={readChosen}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <legend className="field__label" id={legendId}>
        {legend}
        {field.required ? <RequiredMark /> : null}
      </legend>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <div className={enhanced ? "multiselect multiselect--enhanced" : "multiselect"}>
        {enhanced ? (
          <button
            ref={toggleRef}
            type="button"
            className="field__control multiselect__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            aria-invalid={invalid || undefined}
            onClick={() => setOpen((value) => !value)}
          >
            <span className="multiselect__summary">{choicesSummary(chosen, options, t)}</span>
          </button>
        ) : null}
        <div id={panelId} className="multiselect__panel choice-list" hidden={enhanced && !open}>
          <ChoiceItems
            field={field}
            options={options}
            type="checkbox"
            invalid={invalid}
            // Constraints meant for the list, not for each box.
            overrides={{ required: false, multiple: undefined }}
          />
        </div>
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
