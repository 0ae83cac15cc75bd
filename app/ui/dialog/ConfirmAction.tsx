import { useState } from "react";
import { Form } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import { Dialog } from "./Dialog";

type ConfirmActionProps = {
  /** The trigger's text. */
  label: string;
  /** The trigger's classes. */
  className?: string;
  /** The id of what the trigger acts on, read with its label by screen readers. */
  describedBy?: string;
  /** This page asking the question: where the trigger leads without JavaScript. */
  askHref: string;
  /** This page without the question: where cancelling leads without JavaScript. */
  cancelHref: string;
  /** The page was reached through `askHref`, so the question is shown from the start. */
  asking: boolean;
  title: string;
  description: string;
  /** What confirming posts to this page's action. */
  fields: Readonly<Record<string, string>>;
  confirmLabel: string;
  cancelLabel: string;
};

/**
 * An action that asks first. Without JavaScript the trigger is a link to this page showing the
 * question (the server renders the dialog open) and cancelling is a link back; with JavaScript
 * the same link opens the dialog in place. Confirming posts `fields` either way, so the action
 * needs no script to work.
 */
export function ConfirmAction({
  label,
  className,
  describedBy,
  askHref,
  cancelHref,
  asking,
  title,
  description,
  fields,
  confirmLabel,
  cancelLabel,
}: ConfirmActionProps) {
  const enhanced = useHydrated();
  const [open, setOpen] = useState(asking);
  return (
    <>
      <a
        className={className}
        href={askHref}
        aria-describedby={describedBy}
        onClick={(event) => {
          if (!enhanced) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </a>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        description={description}
        size="small"
        closeHref={cancelHref}
        actions={
          <Form method="post">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className="button button--primary">
              {confirmLabel}
            </button>{" "}
            {enhanced ? (
              <button type="button" className="button" onClick={() => setOpen(false)}>
                {cancelLabel}
              </button>
            ) : (
              <a className="button" href={cancelHref}>
                {cancelLabel}
              </a>
            )}
          </Form>
        }
      />
    </>
  );
}
