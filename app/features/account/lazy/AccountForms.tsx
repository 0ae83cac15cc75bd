import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { DateOfBirthField } from "~/ui/forms/DateOfBirthField";
import { type Field, RequiredFieldsNote } from "~/ui/forms/Field";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import "../account.css";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const codeSchema = formSchema(() => import("../account-forms").then((m) => m.codeSchema));
const createAccountSchema = formSchema(() => import("../account-forms").then((m) => m.createAccountSchema));
const forgotSchema = formSchema(() => import("../account-forms").then((m) => m.forgotSchema));
const loginSchema = formSchema(() => import("../account-forms").then((m) => m.loginSchema));
const passwordOnlySchema = formSchema(() => import("../account-forms").then((m) => m.passwordOnlySchema));
const resetSchema = formSchema(() => import("../account-forms").then((m) => m.resetSchema));
const updatePasswordSchema = formSchema(() => import("../account-forms").then((m) => m.updatePasswordSchema));

export type Reply = SubmissionResult<string[]> | undefined;

/**
 * A new password and its confirmation (the password rule and 'Password must be identical' of
 * docs/requirements.md#validation-messages): the one place that pair is laid out, for creating an
 * account, a reset and a change.
 */
function NewPasswordFields({
  password,
  confirmation,
}: {
  password: Field<string>;
  confirmation: Field<string | undefined>;
}) {
  const { t } = useTranslation("account");
  return (
    <>
      <TextField
        field={password}
        label={t("fields.newPassword")}
        hint={t("fields.passwordHint")}
        type="password"
        autoComplete="new-password"
      />
      <TextField
        field={confirmation as Field<string>}
        label={t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

/** The username field, with its rule as hint: creating an account and changing the name. */
export function UsernameField({ field }: { field: Field<string> }) {
  const { t } = useTranslation("account");
  return (
    <TextField
      field={field}
      label={t("fields.username")}
      hint={t("form.usernameRule")}
      autoComplete="username"
      spellCheck={false}
    />
  );
}

/**
 * The password the account has now: signing in, and confirming a change (the address, the
 * password, deleting the account, turning the second factor off). `label` when the form asks
 * for a new one too ("Current password").
 */
export function CurrentPasswordField({ field, label }: { field: Field<string>; label?: string }) {
  const { t } = useTranslation("account");
  return (
    <TextField
      field={field}
      label={label ?? t("fields.password")}
      type="password"
      autoComplete="current-password"
    />
  );
}

/** "I accept the terms of service" with the link to read them: a new account and newer terms. */
export function TermsSwitch({ field }: { field: Field<boolean | string> }) {
  const { t } = useTranslation("account");
  const localize = useLocalizePath();
  return (
    <CheckboxSwitch
      field={field}
      label={
        <>
          {t("create.tosBefore")}{" "}
          <SiteLink className="text-link" to={localize("/tos")}>
            {t("create.tosLink")}
          </SiteLink>
        </>
      }
    />
  );
}

export function LoginForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("account");
  const localize = useLocalizePath();
  return (
    <ValidatedForm schema={loginSchema} lastResult={lastResult} id="login" className="account-form">
      {(fields) => (
        <>
          <TextField
            field={fields.identifier}
            label={t("fields.identifier")}
            autoComplete="username"
            spellCheck={false}
          />
          <CurrentPasswordField field={fields.password} />
          <p className="account-form__aside">
            <SiteLink className="text-link" to={localize("/account/forgot")}>
              {t("login.forgot")}
            </SiteLink>
          </p>
          <SubmitButton>{t("login.submit")}</SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

export function CreateForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("account");
  return (
    <ValidatedForm
      schema={createAccountSchema}
      lastResult={lastResult}
      id="create"
      className="account-form"
      prelude={<RequiredFieldsNote />}
      summary={(fields) => [
        { field: fields.username, label: t("fields.username") },
        { field: fields.email, label: t("fields.email") },
        { field: fields.password, label: t("fields.newPassword") },
        { field: fields.confirmPassword, label: t("fields.confirmPassword") },
        { field: fields.dateOfBirth, label: t("fields.dateOfBirth") },
        { field: fields.tos, label: `${t("create.tosBefore")} ${t("create.tosLink")}` },
      ]}
    >
      {(fields) => (
        <>
          <UsernameField field={fields.username} />
          <EmailField field={fields.email} label={t("fields.email")} />
          <NewPasswordFields password={fields.password} confirmation={fields.confirmPassword} />
          <DateOfBirthField field={fields.dateOfBirth} legend={t("fields.dateOfBirth")} />
          <TermsSwitch field={fields.tos} />
          <SubmitButton>{t("create.submit")}</SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

export function CodeForm({
  lastResult,
  intent,
  label,
  hint,
}: {
  lastResult: Reply;
  intent?: string;
  label: string;
  /** Defaults to the login step's: 6 digits or a recovery code. */
  hint?: string;
}) {
  const { t } = useTranslation("account");
  return (
    <ValidatedForm
      schema={codeSchema}
      lastResult={lastResult}
      id={intent ?? "code"}
      className="account-form"
      preventScrollReset
    >
      {(fields) => (
        <>
          <TextField
            field={fields.code}
            label={label}
            hint={hint ?? t("code.hint")}
            autoComplete="one-time-code"
            spellCheck={false}
          />
          <SubmitButton name={intent ? "intent" : undefined} value={intent}>
            {t("code.submit")}
          </SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

export function ForgotForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("account");
  return (
    <ValidatedForm schema={forgotSchema} lastResult={lastResult} id="forgot" className="account-form">
      {(fields) => (
        <>
          <TextField
            field={fields.identifier}
            label={t("fields.identifier")}
            autoComplete="username"
            spellCheck={false}
          />
          <SubmitButton>{t("forgot.submit")}</SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

export function ResetForm({ lastResult, token }: { lastResult: Reply; token: string }) {
  const { t } = useTranslation("account");
  return (
    <ValidatedForm
      schema={resetSchema}
      lastResult={lastResult}
      id="reset"
      defaultValue={{ token }}
      className="account-form"
    >
      {(fields) => (
        <>
          <input type="hidden" name={fields.token.name} value={token} />
          <NewPasswordFields password={fields.password} confirmation={fields.confirmPassword} />
          <SubmitButton>{t("reset.submit")}</SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

export function UpdatePasswordForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("account");
  const { t: ts } = useTranslation("account-security");
  return (
    <ValidatedForm
      schema={updatePasswordSchema}
      lastResult={lastResult}
      id="update-password"
      className="account-form"
      preventScrollReset
    >
      {(fields) => (
        <>
          <CurrentPasswordField field={fields.currentPassword} label={t("fields.currentPassword")} />
          <NewPasswordFields password={fields.password} confirmation={fields.confirmPassword} />
          <SubmitButton name="intent" value="update-password">
            {ts("passwordSubmit")}
          </SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

/** A form that only asks for the password (delete the account, turn the second factor off). */
export function PasswordConfirmForm({
  lastResult,
  intent,
  submit,
  danger,
}: {
  lastResult: Reply;
  intent: string;
  submit: string;
  danger?: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <ValidatedForm
      schema={passwordOnlySchema}
      lastResult={lastResult}
      id={intent}
      className="account-form"
      preventScrollReset
    >
      {(fields) => (
        <>
          <CurrentPasswordField field={fields.password} />
          <button
            type="submit"
            name="intent"
            value={intent}
            className={danger ? "button button--primary" : "button"}
            disabled={busy}
          >
            {submit}
          </button>
        </>
      )}
    </ValidatedForm>
  );
}
