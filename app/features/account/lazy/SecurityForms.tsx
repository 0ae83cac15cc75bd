import type { ReactNode } from "react";
import { Form } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { dateTimeFormat } from "~/platform/i18n/format";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { PhoneField } from "~/ui/forms/PhoneField";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import { CodeForm, PasswordConfirmForm, type Reply } from "./AccountForms";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const smsSetupSchema = formSchema(() => import("../sms-setup-form").then((m) => m.smsSetupSchema));

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
  const { t } = useTranslation("account-security");
  return (
    <div className="account-panel" role="status">
      <p>{renewed ? t("recoveryRenewed") : t("mfaOn")}</p>
      <p>{t("recoveryIntro")}</p>
      <ul className="account-codes" aria-label={t("recoveryTitle")}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function SmsSetupForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("account-security");
  return (
    <ValidatedForm
      schema={smsSetupSchema}
      lastResult={lastResult}
      id="addsms"
      className="account-form"
      preventScrollReset
    >
      {(fields) => (
        <>
          <PhoneField field={fields.phone} legend={t("smsPhone")} hint={t("smsPhoneHint")} />
          <SubmitButton name="intent" value="addsms">
            {t("smsSend")}
          </SubmitButton>
        </>
      )}
    </ValidatedForm>
  );
}

function TotpSetup({ setup, lastResult }: { setup: { secret: string; qr: string }; lastResult: Reply }) {
  const { t } = useTranslation("account-security");
  const { t: tAccount } = useTranslation("account");
  return (
    <>
      <p>{t("scan")}</p>
      <img className="account-qr" src={setup.qr} alt={t("qrAlt")} width={192} height={192} />
      <p>
        {t("secretLabel")} <code className="account-secret">{setup.secret}</code>
      </p>
      <CodeForm
        lastResult={lastResult}
        intent="confirmtotp"
        label={t("codeLabel")}
        hint={tAccount("form.codeRule")}
      />
    </>
  );
}

/** What is on (authenticator, text messages to …34), new recovery codes, and turning it off. */
function ActiveFactor({ user, answer }: { user: SecurityUser; answer?: SecurityAnswer }) {
  const { t } = useTranslation("account-security");
  return (
    <>
      <p>{t("mfaOn")}</p>
      <ul className="account-methods">
        {user.mfa.map((method) => (
          <li key={method}>
            {method === "sms" ? t("methodSms", { phone: user.phone ?? "" }) : t("methodTotp")}
          </li>
        ))}
      </ul>
      <h3>{t("recoveryTitle")}</h3>
      <p>{t("recoveryRenewIntro")}</p>
      <PasswordConfirmForm
        lastResult={resultFor(answer, "recovery-codes")}
        intent="recovery-codes"
        submit={t("recoveryRenew")}
      />
      <h3>{t("mfaRemoveTitle")}</h3>
      <PasswordConfirmForm
        lastResult={resultFor(answer, "remove-mfa")}
        intent="remove-mfa"
        submit={t("mfaRemove")}
      />
    </>
  );
}

/** The second factor: set up by authenticator app (QR code) or text message, then on. */
export function SecondFactorSection({ user, answer }: { user: SecurityUser; answer?: SecurityAnswer }) {
  const { t } = useTranslation("account-security");
  const { t: tAccount } = useTranslation("account");
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
        <p role="status">{answer.sms.to ? t("smsSent", { phone: answer.sms.to }) : t("smsEnterCode")}</p>
        <CodeForm
          lastResult={resultFor(answer, "confirmsms")}
          intent="confirmsms"
          label={t("smsCodeLabel")}
          hint={tAccount("form.codeRule")}
        />
        <p>
          <SiteLink className="text-link" to={localize("/account/security")}>
            {t("smsOtherNumber")}
          </SiteLink>
        </p>
      </>
    );
  } else {
    body = (
      <>
        <p>{t("mfaIntro")}</p>
        {answer?.error ? (
          <p className="form-errors" role="alert">
            {t(`messages:msg.${answer.error}`)}
          </p>
        ) : null}
        <div className="account-choices">
          <div className="account-choice">
            <h3>{t("totpTitle")}</h3>
            <p>{t("totpIntro")}</p>
            <Form method="post" preventScrollReset>
              <button type="submit" name="intent" value="addtotp" className="button button--primary">
                {t("mfaAdd")}
              </button>
            </Form>
          </div>
          <div className="account-choice">
            <h3>{t("smsTitle")}</h3>
            <p>{t("smsIntro")}</p>
            <SmsSetupForm lastResult={resultFor(answer, "addsms")} />
          </div>
        </div>
      </>
    );
  }
  return (
    <section className="account-section" aria-labelledby="security-mfa">
      <h2 id="security-mfa">{t("mfaTitle")}</h2>
      {body}
    </section>
  );
}

/** The account's live sessions, this device marked, and signing the others (or all) out. */
export function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const { t, i18n } = useTranslation("account-security");
  const localize = useLocalizePath();
  // UTC on both sides: the server's and the browser's clocks render the same text.
  const format = dateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  });
  const when = (iso: string) => `${format.format(new Date(iso))} UTC`;
  return (
    <section className="account-section" aria-labelledby="security-sessions">
      <h2 id="security-sessions">{t("sessionsTitle")}</h2>
      <p>{t("sessionsIntro")}</p>
      <ul className="account-sessions">
        {sessions.map((session) => (
          <li key={session.id} className="account-session">
            <span className="account-session__when">
              {t("sessionStarted", { when: when(session.createdAt) })}
              {session.current ? <strong className="account-badge">{t("thisDevice")}</strong> : null}
            </span>
            <span className="account-session__ends">
              {t("sessionEnds", { when: when(session.expiresAt) })}
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
          {t("logoutOthers")}
        </button>
        {/* To the overview: one action ends every session and signs this browser out. */}
        <button
          type="submit"
          name="intent"
          value="global-logout"
          formAction={localize("/account")}
          className="button"
        >
          {t("logoutAll")}
        </button>
      </Form>
    </section>
  );
}
