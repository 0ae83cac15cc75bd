import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { FormErrors } from "~/ui/forms/FormErrors";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { formSchema, useValidatedForm } from "~/ui/forms/use-validated-form";
import { type Reply, Submit, TermsSwitch } from "./AccountForms";

// Loaded when the form is first used (useValidatedForm): Zod stays out of the page's first scripts.
const acceptTosSchema = formSchema(() => import("./account-forms").then((m) => m.acceptTosSchema));
const emailChangeSchema = formSchema(() => import("./account-forms").then((m) => m.emailChangeSchema));
const emailCodeSchema = formSchema(() => import("./account-forms").then((m) => m.emailCodeSchema));
const updateProfileSchema = formSchema(() => import("./account-forms").then((m) => m.updateProfileSchema));

/** update-profile (docs/requirements.md#account-and-second-factor): the public username. */
export function UsernameForm({ lastResult, username }: { lastResult: Reply; username: string }) {
  const { t } = useTranslation("account");
  const [form, fields, constraints] = useValidatedForm({
    schema: updateProfileSchema,
    lastResult,
    id: "update-profile",
    defaultValue: { username },
  });
  return (
    <Form method="post" preventScrollReset className="account-form" {...getFormProps(form)}>
      {constraints}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField
        field={fields.username}
        label={t("fields.username")}
        hint={t("form.usernameRule")}
        autoComplete="username"
        spellCheck={false}
      />
      <Submit intent="update-profile">{t("profile.usernameSubmit")}</Submit>
    </Form>
  );
}

/**
 * update-email (docs/requirements.md#account-and-second-factor), first step: the new address and
 * the password; a code goes there.
 */
export function EmailChangeForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("account");
  const [form, fields, constraints] = useValidatedForm({
    schema: emailChangeSchema,
    lastResult,
    id: "email-code",
  });
  return (
    <Form method="post" preventScrollReset className="account-form" {...getFormProps(form)}>
      {constraints}
      <FormErrors id={form.errorId} errors={form.errors} />
      <EmailField field={fields.email} label={t("profile.newEmail")} />
      <TextField
        field={fields.password}
        label={t("fields.password")}
        type="password"
        autoComplete="current-password"
      />
      <Submit intent="email-code">{t("profile.emailSend")}</Submit>
    </Form>
  );
}

/** Second step: the code from the e-mail; the address rides along so the code is bound to it. */
export function EmailCodeForm({ lastResult, email }: { lastResult: Reply; email: string }) {
  const { t } = useTranslation("account");
  const [form, fields, constraints] = useValidatedForm({
    schema: emailCodeSchema,
    lastResult,
    id: "email-confirm",
    defaultValue: { email },
  });
  return (
    <Form method="post" preventScrollReset className="account-form" {...getFormProps(form)}>
      {constraints}
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name={fields.email.name} value={email} />
      <TextField
        field={fields.code}
        label={t("profile.emailCode")}
        hint={t("form.codeRule")}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
      />
      <Submit intent="email-confirm">{t("profile.emailConfirm")}</Submit>
    </Form>
  );
}

/**
 * accept-tos (docs/requirements.md#account-and-second-factor): the newer terms, read through the
 * link, accepted with the switch.
 */
export function TermsForm({ lastResult, version }: { lastResult: Reply; version: number }) {
  const { t } = useTranslation("account");
  const [form, fields, constraints] = useValidatedForm({
    schema: acceptTosSchema,
    lastResult,
    id: "accept-tos",
  });
  return (
    <Form method="post" preventScrollReset className="account-form" {...getFormProps(form)}>
      {constraints}
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name={fields.version.name} value={version} />
      <TermsSwitch field={fields.accept} />
      <Submit>{t("terms.submit")}</Submit>
    </Form>
  );
}
