import { useTranslation } from "~/platform/i18n/use-translation";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import { CurrentPasswordField, type Reply, TermsSwitch, UsernameField } from "./AccountForms";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const acceptTosSchema = formSchema(() => import("../account-forms").then((m) => m.acceptTosSchema));
const emailChangeSchema = formSchema(() => import("../account-forms").then((m) => m.emailChangeSchema));
const emailCodeSchema = formSchema(() => import("../account-forms").then((m) => m.emailCodeSchema));
const updateProfileSchema = formSchema(() => import("../account-forms").then((m) => m.updateProfileSchema));

/** update-profile (docs/requirements.md#account-and-second-factor): the public username. */
export function UsernameForm({ lastResult, username }: { lastResult: Reply; username: string }) {
  const { t } = useTranslation("account");
  return (
    <ValidatedForm
      schema={updateProfileSchema}
      lastResult={lastResult}
      id="update-profile"
      defaultValue={{ username }}
      className="account-form"
      preventScrollReset
    >
      {(fields) => (
        <>
          <UsernameField field={fields.username} />
          <SubmitButton name="intent" value="update-profile">
            {t("profile.usernameSubmit")}
          </SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

/**
 * update-email (docs/requirements.md#account-and-second-factor), first step: the new address and
 * the password; a code goes there.
 */
export function EmailChangeForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("account");
  return (
    <ValidatedForm
      schema={emailChangeSchema}
      lastResult={lastResult}
      id="email-code"
      className="account-form"
      preventScrollReset
    >
      {(fields) => (
        <>
          <EmailField field={fields.email} label={t("profile.newEmail")} />
          <CurrentPasswordField field={fields.password} />
          <SubmitButton name="intent" value="email-code">
            {t("profile.emailSend")}
          </SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

/** Second step: the code from the e-mail; the address rides along so the code is bound to it. */
export function EmailCodeForm({ lastResult, email }: { lastResult: Reply; email: string }) {
  const { t } = useTranslation("account");
  return (
    <ValidatedForm
      schema={emailCodeSchema}
      lastResult={lastResult}
      id="email-confirm"
      defaultValue={{ email }}
      className="account-form"
      preventScrollReset
    >
      {(fields) => (
        <>
          <input type="hidden" name={fields.email.name} value={email} />
          <TextField
            field={fields.code}
            label={t("profile.emailCode")}
            hint={t("form.codeRule")}
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
          />
          <SubmitButton name="intent" value="email-confirm">
            {t("profile.emailConfirm")}
          </SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

/**
 * accept-tos (docs/requirements.md#account-and-second-factor): the newer terms, read through the
 * link, accepted with the switch.
 */
export function TermsForm({ lastResult, version }: { lastResult: Reply; version: number }) {
  const { t } = useTranslation("account");
  return (
    <ValidatedForm
      schema={acceptTosSchema}
      lastResult={lastResult}
      id="accept-tos"
      className="account-form"
      preventScrollReset
    >
      {(fields) => (
        <>
          <input type="hidden" name={fields.version.name} value={version} />
          <TermsSwitch field={fields.accept} />
          <SubmitButton>{t("terms.submit")}</SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}
