import { type FormEvent, useRef, useState } from "react";
import { useNavigation, useSubmit } from "react-router";
import type { FormReply } from "~/platform/forms/parse-form.server";
import { languageTags } from "~/platform/i18n/languages";
import { useLanguage } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { RequiredFieldsNote } from "~/ui/forms/Field";
import { Honeypot } from "~/ui/forms/Honeypot";
import { Select, type SelectOption } from "~/ui/forms/Select";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { Textarea } from "~/ui/forms/Textarea";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import { TaggedText } from "~/ui/page-kit/TaggedText";
import { contactHoneypot } from "../contact-honeypot";
import { CAPTCHA_LOAD_FAILED, type CaptchaSetup, useRecaptcha } from "../use-recaptcha";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const contactSchema = formSchema(() => import("../contact-form").then((m) => m.contactSchema));

export const contactFormId = "contact";

/**
 * The contact form (docs/requirements.md#contact). A real form: without JavaScript the server
 * validates it and answers with the errors. With JavaScript the same schema runs first, then, when
 * a site key is configured, the bot check's token is added just before the form is sent.
 */
export function ContactForm({
  lastResult,
  categories,
  captcha,
  studio,
  retentionMonths,
  action,
}: {
  lastResult?: FormReply | null;
  categories: SelectOption[];
  captcha: CaptchaSetup;
  studio: string;
  retentionMonths: number;
  action: string;
}) {
  const { t } = useTranslation("contact");
  const formElement = useRef<HTMLFormElement>(null);
  const { getToken, loadFailed } = useRecaptcha(captcha, formElement);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const tokenInput = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting" || checking;

  // The schema let the form go: with a bot check, its token is added before it is sent.
  const onValidSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!captcha) return;
    event.preventDefault();
    const element = event.currentTarget;
    setCaptchaError(null);
    setChecking(true);
    getToken()
      .then((token) => {
        if (tokenInput.current) tokenInput.current.value = token ?? "";
        submit(element, { method: "post", action });
      })
      .catch((err: Error) => setCaptchaError(err.message))
      .finally(() => setChecking(false));
  };

  // Each label once, for its field and for the error summary.
  const label = {
    category: t("form.category"),
    name: t("form.name"),
    email: t("form.email"),
    subject: t("form.subject"),
    message: t("form.message"),
    consent: t("form.consent", { studio }),
  };
  return (
    <div className="contact-form">
      <RequiredFieldsNote />
      <ValidatedForm
        ref={formElement}
        schema={contactSchema}
        lastResult={lastResult}
        id={contactFormId}
        action={action}
        label={t("form.title")}
        summary={(fields) => [
          { field: fields.category, label: label.category },
          { field: fields.name, label: label.name },
          { field: fields.email, label: label.email },
          { field: fields.subject, label: label.subject },
          { field: fields.message, label: label.message },
          { field: fields.consent, label: label.consent },
        ]}
        errors={captchaError ? [captchaError] : loadFailed ? [CAPTCHA_LOAD_FAILED] : []}
        onValidSubmit={onValidSubmit}
      >
        {(fields) => (
          <>
            <Select
              field={fields.category}
              label={label.category}
              options={categories}
              placeholder={t("form.categoryPlaceholder")}
            />
            <div className="contact-form__row">
              <TextField field={fields.name} label={label.name} autoComplete="name" />
              <EmailField field={fields.email} label={label.email} />
            </div>
            <TextField field={fields.subject} label={label.subject} autoComplete="off" />
            <Textarea
              field={fields.message}
              label={label.message}
              hint={t("form.messageHint")}
              autoComplete="off"
              rows={7}
            />
            <CheckboxSwitch
              field={fields.consent}
              label={label.consent}
              hint={t("form.retention", { months: retentionMonths })}
            />
            <Honeypot id={fields[contactHoneypot].id} name={contactHoneypot} label={t("form.honeypot")} />
            <input ref={tokenInput} type="hidden" name="captchaToken" defaultValue="" />
            {captcha ? <CaptchaNote /> : null}
            <p className="contact-form__actions">
              <SubmitButton busy={busy}>{busy ? t("form.sending") : t("form.submit")}</SubmitButton>
            </p>
          </>
        )}
      </ValidatedForm>
    </div>
  );
}

/**
 * What the bot check is and when it loads, beside the button: Google asks sites that hide the
 * reCAPTCHA badge (contact.css) to name the service and link its privacy policy and terms in the
 * form's flow; the privacy policy says more. The links open Google's pages in the page's language.
 */
function CaptchaNote() {
  const { t } = useTranslation("contact");
  const hl = languageTags[useLanguage()];
  return (
    <p className="contact-form__captcha">
      <TaggedText
        text={t("form.captchaNote")}
        // TaggedText puts the catalog's words in place of these links' own.
        elements={{
          privacy: <a href={`https://policies.google.com/privacy?hl=${hl}`}>privacy</a>,
          terms: <a href={`https://policies.google.com/terms?hl=${hl}`}>terms</a>,
        }}
      />
    </p>
  );
}
