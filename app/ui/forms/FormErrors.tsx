import { type MouseEvent, useEffect, useRef, useState } from "react";
import { translateMessage } from "~/platform/forms/messages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { type SummaryField, summaryItems } from "./error-summary";

/**
 * The form's error summary, at its top (docs/decisions/0026-error-summary.md): what went wrong
 * with the form as a whole (a service refused it: 'Error occured. Please try again') and, on a
 * long form (`LONG_FORM_FIELDS`), each invalid field by its label with its message, linked to the
 * field. The messages stay under their fields too. Announced when it appears; after a refused
 * submission (the browser's check or the server's answer) it takes the focus, so the visitor
 * starts from the list. Without JavaScript the page that answers opens with the focus here
 * (`autofocus`); a long form's action also carries this id as its fragment (`summaryAction`).
 */
export function FormErrors({
  id,
  errors,
  fields = [],
}: {
  id: string;
  errors?: readonly string[];
  /** The form's fields in their order, each with its label as text (a link cannot hold a link). */
  fields?: readonly SummaryField[];
}) {
  const { t } = useTranslation("forms");
  const formMessages = [...new Set((errors ?? []).map((message) => translateMessage(t, message)))];
  const items = summaryItems(fields);
  const shown = formMessages.length + items.length > 0;
  const content = `${formMessages.join("\n")}\n${items.map((item) => item.href + item.messages.join()).join()}`;
  const element = useRef<HTMLDivElement>(null);
  const armed = useRef(false);
  const [submits, setSubmits] = useState(0);

  useEffect(() => {
    const form = element.current?.closest("form");
    if (!form) return;
    // A native listener on the form runs before React's (delegated to the root) and Conform's.
    const arm = (event: SubmitEvent) => {
      // Conform re-checks a field being corrected through a submit of its own, by a hidden
      // `__intent__` button: that is no submission of the visitor's.
      if (event.submitter?.getAttribute("name") === "__intent__") return;
      armed.current = true;
      setSubmits((count) => count + 1);
    };
    // Once the visitor is correcting, a message that changes must not pull the focus away.
    const disarm = () => {
      armed.current = false;
    };
    form.addEventListener("submit", arm);
    form.addEventListener("input", disarm);
    return () => {
      form.removeEventListener("submit", arm);
      form.removeEventListener("input", disarm);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new submission or a new answer re-focuses.
  useEffect(() => {
    if (!shown || !armed.current) return;
    armed.current = false;
    // Conform focuses the first invalid field in its own effect, which runs after this one (the
    // form's hook sits above the summary): the summary takes the focus once they are done.
    const timer = window.setTimeout(() => element.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, [shown, content, submits]);

  return (
    <div
      id={id}
      ref={element}
      className="form-errors"
      role="alert"
      tabIndex={-1}
      // Only the server writes it (React's client neither sets nor acts on it for a div): the page
      // that answers a refused post made without JavaScript, or before the form's code arrived,
      // opens with the focus on the summary, scrolled to it (below the sticky header), as the
      // effect above does with JavaScript. No fragment needed, so no "#…-error" left in the
      // address after a success elsewhere.
      // biome-ignore lint/a11y/noAutofocus: the visitor just sent this form; what to fix is next.
      autoFocus={shown}
    >
      {shown ? (
        <>
          <h2 className="form-errors__title">{items.length ? t("summary.heading") : t("summary.title")}</h2>
          <ul className="form-errors__list">
            {formMessages.map((message) => (
              <li key={message}>{message}</li>
            ))}
            {items.map((item) => (
              <li key={item.href}>
                <a className="form-errors__link" href={item.href} onClick={focusField}>
                  {t("summary.item", {
                    label: item.label,
                    message: item.messages.map((message) => translateMessage(t, message)).join(" "),
                  })}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * With JavaScript a summary link puts the focus in the field, its label in view below the sticky
 * header; without, the browser follows the fragment. A group (date of birth, phone) is a
 * fieldset: the focus goes to its first invalid control (the missing month, the number).
 */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(event.currentTarget.hash.slice(1));
  const control = target?.matches("input, select, textarea")
    ? target
    : (target?.querySelector<HTMLElement>("[aria-invalid=true]") ??
      target?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea"));
  if (!target || !control) return;
  event.preventDefault();
  (target.closest(".field") ?? target).scrollIntoView({ block: "start" });
  control.focus({ preventScroll: true });
}
