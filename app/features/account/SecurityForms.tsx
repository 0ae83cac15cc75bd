import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { FormErrors } from "~/ui/forms/FormErrors";
import { PhoneField } from "~/ui/forms/PhoneField";
import { formSchema, useValidatedForm } from "~/ui/forms/use-validated-form";
import { CodeForm, PasswordConfirmForm, type Reply, Submit } from "./AccountForms";

// Loaded when the form is first used (useValidatedForm): Zod stays out of the page's first scripts.
const smsSetupSchema = formSchema(() => import("./sms-setup-form").then((m) => m.smsSetupSchema));

/** The security page's answer to a post: which form it belongs to, and what to show next. */
export type SecurityAnswer = {
  intent: string;
  result?: Reply;
  setup?: { secret: string; qr: string };
  recoveryCodes?: string[];
  /** A texted setup code awaits confirmation; `to` is the number, masked (…34). */
  sms?: { to?: string };
  done?: string;
  error?: string;
};

export type SecurityUser = { mfa: string[]; phone: string | null };
export type SessionRow = { id: string; createdAt: string; expiresAt: string; current: boolean };

const resultFor = (answer: SecurityAnswer | undefined, intent: string) =>
  answer?.intent === intent ? answer.result : undefined;

function RecoveryCodes({ codes, renewed }: { codes: string[]; renewed: boolean }) {
  const { t } = useTranslation("account");
  return (
    <div className="account-panel" role="status">
      <p>{renewed ? t("security.recoveryRenewed") : t("security.mfaOn")}</p>
      <p>{t("security.recoveryIntro")}</p>
      <ul className="account-codes" aria-label={t("security.recoveryTitle")}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function SmsSetupForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("account");
  const [form, fields, constraints] = useValidatedForm({ schema: smsSetupSchema, lastResult, id: "addsms" });
  return (
    <Form method="post" preventScrollReset className="account-form" {...getFormProps(form)}>
      {constraints}
      <FormErrors id={form.errorId} errors={form.errors} />
      <PhoneField field={fields.phone} legend={t("security.smsPhone")} hint={t("security.smsPhoneHint")} />
      <Submit intent="addsms">{t("security.smsSend")}</Submit>
    </Form>
  );
}

function TotpSetup({ setup, lastResult }: { setup: { secret: string; qr: string }; lastResult: Reply }) {
  const { t } = useTranslation("account");
  return (
    <>
      <p>{t("security.scan")}</p>
      <img className="account-qr" src={setup.qr} alt={t("security.qrAlt")} width={192} height={192} />
      <p>
        {t("security.secretLabel")} <code className="account-secret">{setup.secret}</code>
      </p>
      <CodeForm
        lastResult={lastResult}
        intent="confirmtotp"
        label={t("security.codeLabel")}
        hint={t("form.codeRule")}
      />
    </>
  );
}

/** What is on (authenticator, text messages to …34), new recovery codes, and turning it off. */
function ActiveFactor({ user, answer }: { user: SecurityUser; answer?: SecurityAnswer }) {
  const { t } = useTranslation("account");
  return (
    <>
      <p>{t("security.mfaOn")}</p>
      <ul className="account-methods">
        {user.mfa.map((method) => (
          <li key={method}>
            {method === "sms"
              ? t("security.methodSms", { phone: user.phone ?? "" })
              : t("security.methodTotp")}
          </li>
        ))}
      </ul>
      <h3>{t("security.recoveryTitle")}</h3>
      <p>{t("security.recoveryRenewIntro")}</p>
      <PasswordConfirmForm
        lastResult={resultFor(answer, "recovery-codes")}
        intent="recovery-codes"
        submit={t("security.recoveryRenew")}
      />
      <h3>{t("security.mfaRemoveTitle")}</h3>
      <PasswordConfirmForm
        lastResult={resultFor(answer, "remove-mfa")}
        intent="remove-mfa"
        submit={t("security.mfaRemove")}
      />
    </>
  );
}

/** The second factor: set up by authenticator app (QR code) or text message, then on. */
export function SecondFactorSection({ user, answer }: { user: SecurityUser; answer?: SecurityAnswer }) {
  const { t } = useTranslation("account");
  const localize = useLocalizePath();
  let body: ReactNode;
  if (answer?.recoveryCodes) {
    body = <RecoveryCodes codes={answer.recoveryCodes} renewed={answer.intent === "recovery-codes"} />;
  } else if (user.mfa.length) {
    body = <ActiveFactor user={user} answer={answer} />;
  } else if (answer?.setup) {
    body = <TotpSetup setup={answer.setup} lastResult={resultFor(answer, "confirmtotp")} />;
  } else if (answer?.sms) {
    body = (
      <>
        <p role="status">
          {answer.sms.to ? t("security.smsSent", { phone: answer.sms.to }) : t("security.smsEnterCode")}
        </p>
        <CodeForm
          lastResult={resultFor(answer, "confirmsms")}
          intent="confirmsms"
          label={t("security.smsCodeLabel")}
          hint={t("form.codeRule")}
        />
        <p>
          <SiteLink className="text-link" to={localize("/account/security")}>
            {t("security.smsOtherNumber")}
          </SiteLink>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p>{t("security.mfaIntro")}</p>
        {answer?.error ? (
          <p className="form-errors" role="alert">
            {t(`messages:msg.${answer.error}`)}
          </p>
        ) : null}
        <div className="account-choices">
          <div className="account-choice">
            <h3>{t("security.totpTitle")}</h3>
            <p>{t("security.totpIntro")}</p>
            <Form method="post" preventScrollReset>
              <button type="submit" name="intent" value="addtotp" className="button button--primary">
                {t("security.mfaAdd")}
              </button>
            </Form>
          </div>
          <div className="account-choice">
            <h3>{t("security.smsTitle")}</h3>
            <p>{t("security.smsIntro")}</p>
            <SmsSetupForm lastResult={resultFor(answer, "addsms")} />
          </div>
        </div>
      </>
    );
  }
  return (
    <section className="account-section" aria-labelledby="security-mfa">
      <h2 id="security-mfa">{t("security.mfaTitle")}</h2>
      {body}
    </section>
  );
}

/** The account's live sessions, this device marked, and signing the others (or all) out. */
export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const { t, i18n } = useTranslation("account");
  const localize = useLocalizePath();
  // UTC on both sides: the server's and the browser's clocks render the same text.
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const when = (iso: string) => `${format.format(new Date(iso))} UTC`;
  return (
    <section className="account-section" aria-labelledby="security-sessions">
      <h2 id="security-sessions">{t("security.sessionsTitle")}</h2>
      <p>{t("security.sessionsIntro")}</p>
      <ul className="account-sessions">
        {sessions.map((session) => (
          <li key={session.id} className="account-session">
            <span className="account-session__when">
              {t("security.sessionStarted", { when: when(session.createdAt) })}
              {session.current ? <strong className="account-badge">{t("security.thisDevice")}</strong> : null}
            </span>
            <span className="account-session__ends">
              {t("security.sessionEnds", { when: when(session.expiresAt) })}
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" preventScrollReset className="account-actions">
        <button
          type="submit"
          name="intent"
          value="logout-others"
          className="button"
          disabled={sessions.length < 2}
        >
          {t("security.logoutOthers")}
        </button>
        {/* To the overview: one action ends every session and signs this browser out. */}
        <button
          type="submit"
          name="intent"
          value="global-logout"
          formAction={localize("/account")}
          className="button"
        >
          {t("security.logoutAll")}
        </button>
      </Form>
    </section>
  );
}
