import type { ReactNode } from "react";
import { useNavigation } from "react-router";

/**
 * A form's main button, unavailable while the page's form is being sent (a second click would
 * send it twice). `busy` when something else holds it too (a bot check running); `name` and
 * `value` tell the action which button sent the form (`intent` on a page with several forms).
 */
export function SubmitButton({
  children,
  name,
  value,
  busy,
}: {
  children: ReactNode;
  name?: string;
  value?: string;
  busy?: boolean;
}) {
  const submitting = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      className="button button--primary"
      name={name}
      value={value}
      disabled={busy ?? submitting}
    >
      {children}
    </button>
  );
}
