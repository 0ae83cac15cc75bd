import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import {
  AccountHeading,
  CodeForm,
  PasswordConfirmForm,
  UpdatePasswordForm,
} from "~/features/account/AccountForms";
import {
  AccountError,
  addTotp,
  confirmTotp,
  publicUser,
  removeMfa,
  totpSetup,
  updatePassword,
} from "~/features/account/account.server";
import { codeSchema, passwordOnlySchema, updatePasswordSchema } from "~/features/account/account-forms";
import {
  accountContext,
  accountSeo,
  guardPost,
  refusal,
  requireSession,
} from "~/features/account/account-route.server";
import { getStudioInfo } from "~/features/studio/studio.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { pageMeta } from "~/platform/seo/page-meta";
import type { Route } from "./+types/account-security";

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return { seo: await accountSeo(args, "security.title"), user: publicUser(session.user) };
}

type Setup = Awaited<ReturnType<typeof totpSetup>>;

/** One page, several forms: each posts its `intent`; the answer says which form it belongs to. */
export async function action(args: Route.ActionArgs) {
  await guardPost(args, "security");
  const session = await requireSession(args);
  const { deps, lang, svc } = accountContext(args);
  const formData = await args.request.formData().catch(() => new FormData());
  const intent = String(formData.get("intent") ?? "");
  const issuer = (await getStudioInfo(svc.db, lang)).name;

  if (intent === "update-password") {
    const result = await parseForm(formData, updatePasswordSchema);
    if (result.status === "error") return { intent, result: result.result };
    try {
      await updatePassword(deps, session, result.value);
    } catch (err) {
      return refusal(result.reply, err);
    }
    return { intent, done: "security.passwordDone" };
  }
  if (intent === "addtotp") {
    try {
      return { intent, setup: await addTotp(deps, session.user, issuer) };
    } catch (err) {
      if (err instanceof AccountError) return { intent, error: err.code };
      throw err;
    }
  }
  if (intent === "confirmtotp") {
    const result = await parseForm(formData, codeSchema);
    const setup: Setup | undefined = session.user.totpSecret
      ? await totpSetup(session.user.totpSecret, session.user.username, issuer)
      : undefined;
    if (result.status === "error") return { intent, result: result.result, setup };
    try {
      return {
        intent,
        recoveryCodes: (await confirmTotp(deps, session.user, result.value.code)).recoveryCodes,
      };
    } catch (err) {
      if (!(err instanceof AccountError)) throw err;
      return { intent, setup, result: result.reply({ formErrors: [`messages:msg.${err.code}`] }) };
    }
  }
  if (intent === "remove-mfa") {
    const result = await parseForm(formData, passwordOnlySchema);
    if (result.status === "error") return { intent, result: result.result };
    try {
      await removeMfa(deps, session.user, result.value.password);
    } catch (err) {
      return refusal(result.reply, err);
    }
    return { intent, done: "security.mfaRemoved" };
  }
  return { intent, error: "INVALID_PARAMETERS" };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { user } = loaderData;
  const answer = actionData as
    | {
        intent: string;
        result?: never;
        setup?: Setup;
        recoveryCodes?: string[];
        done?: string;
        error?: string;
      }
    | undefined;
  const resultFor = (intent: string) =>
    answer?.intent === intent
      ? (answer as { result?: Parameters<typeof CodeForm>[0]["lastResult"] }).result
      : undefined;
  return (
    <>
      <AccountHeading label={t("login.label")} title={t("security.title")} intro={t("security.intro")} />
      {answer?.done ? (
        <p className="account-intro__note" role="status">
          {t(answer.done)}
        </p>
      ) : null}

      <section className="account-section" aria-labelledby="security-password">
        <h2 id="security-password">{t("security.passwordTitle")}</h2>
        <p>{t("security.passwordIntro")}</p>
        <UpdatePasswordForm lastResult={resultFor("update-password")} />
      </section>

      <section className="account-section" aria-labelledby="security-mfa">
        <h2 id="security-mfa">{t("security.mfaTitle")}</h2>
        {answer?.recoveryCodes ? (
          <div role="status">
            <p>{t("security.mfaOn")}</p>
            <p>{t("security.recoveryIntro")}</p>
            <ul className="account-codes" aria-label={t("security.recoveryTitle")}>
              {answer.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : user.mfa.length ? (
          <>
            <p>{t("security.mfaOn")}</p>
            <PasswordConfirmForm
              lastResult={resultFor("remove-mfa")}
              intent="remove-mfa"
              submit={t("security.mfaRemove")}
            />
          </>
        ) : answer?.setup ? (
          <>
            <p>{t("security.scan")}</p>
            <img
              className="account-qr"
              src={answer.setup.qr}
              alt={t("security.qrAlt")}
              width={192}
              height={192}
            />
            <p>
              {t("security.secretLabel")} <code className="account-secret">{answer.setup.secret}</code>
            </p>
            <CodeForm
              lastResult={resultFor("confirmtotp")}
              intent="confirmtotp"
              label={t("security.codeLabel")}
            />
          </>
        ) : (
          <>
            <p>{t("security.mfaIntro")}</p>
            {answer?.error ? (
              <p className="form-errors" role="alert">
                {t(`messages:msg.${answer.error}`)}
              </p>
            ) : null}
            <Form method="post">
              <button type="submit" name="intent" value="addtotp" className="button button--primary">
                {t("security.mfaAdd")}
              </button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}
