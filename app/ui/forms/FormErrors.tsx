import { translateMessage } from "~/platform/forms/messages";
import { useTranslation } from "~/platform/i18n/use-translation";
import "./forms.css";

/**
 * What went wrong with the form as a whole (a service refused it: 'Error occured. Please try
 * again'), above the fields. Announced when it appears; field errors stay next to their fields.
 */
export function FormErrors({ id, errors }: { id: string; errors?: readonly string[] }) {
  const { t } = useTranslation("forms");
  return (
    <div id={id} className="form-errors" role="alert">
      {errors?.length ? (
        <>
          <p className="form-errors__title">{t("summary.title")}</p>
          <ul className="form-errors__list">
            {errors.map((message) => (
              <li key={message}>{translateMessage(t, message)}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
