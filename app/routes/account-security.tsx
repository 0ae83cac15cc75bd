import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { AccountHeading, UpdatePasswordForm } from "~/features/account/AccountForms";
import {
  AccountError,
  addSms,
  addTotp,
  confirmSms,
  confirmTotp,
  endOtherSessions,
  globalLogout,
  listSessions,
  publicUser,
  regenerateRecoveryCodes,
  removeMfa,
  totpSetup,
  updatePassword,
} from "~/features/account/account.server";
import { codeSchema, passwordOnlySchema, updatePasswordSchema } from "~/features/account/account-forms";
import { clearCookie } from "~/features/account/account-http.server";
import {
  accountContext,
  accountSeo,
  guardPost,
  noStore,
  refusal,
  requireSession,
} from "~/features/account/account-route.server";
import { SecondFactorSection, type SecurityAnswer, SessionsSection } from "~/features/account/SecurityForms";
import { smsSetupSchema } from "~/features/account/sms-setup-form";
import { getStudioInfo } from "~/features/studio/studio.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { localizePath } from "~/platform/i18n/languages";
import { pageMeta } from "~/platform/seo/page-meta";
import type { Route } from "./+types/account-security";

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const { svc } = accountContext(args);
  return {
    seo: await accountSeo(args, "security.title"),
    user: publicUser(session.user),
    sessions: await listSessions(svc.db, session),
  };
}

const masked = (phone: string) => `…${phone.slice(-2)}`;

/** One page, several forms: each posts its `intent`; the answer says which form it belongs to. */
export async function action(args: Route.ActionArgs): Promise<SecurityAnswer | Response> {
  await guardPost(args, "security");
  const session = await requireSession(args);
  const { deps, lang, svc, config } = accountContext(args);
  const user = session.user;
  const formData = await args.request.formData().catch(() => new FormData());
  const intent = String(formData.get("intent") ?? "");

  /** A form whose fields the schema checks, then the service; its refusal shows on the form. */
  async function formStep<T>(
    schema: Parameters<typeof parseForm>[1],
    run: (value: T) => Promise<Omit<SecurityAnswer, "intent">>,
    onError: Partial<SecurityAnswer> = {},
  ): Promise<SecurityAnswer> {
    const result = await parseForm(formData, schema);
    if (result.status === "error") return { intent, result: result.result, ...onError };
    try {
      return { intent, ...(await run(result.value as T)) };
    } catch (err) {
      return { intent, ...onError, ...refusal(result.reply, err) };
    }
  }

  switch (intent) {
    case "update-password":
      return formStep(updatePasswordSchema, async (value: { currentPassword: string; password: string }) => {
        await updatePassword(deps, session, value);
        return { done: "security.passwordDone" };
      });
    case "addtotp":
      try {
        return { intent, setup: await addTotp(deps, user, (await getStudioInfo(svc.db, lang)).name) };
      } catch (err) {
        if (err instanceof AccountError) return { intent, error: err.code };
        throw err;
      }
    case "confirmtotp": {
      // A wrong code shows the same QR code again, from the secret addtotp stored.
      const setup = user.totpSecret
        ? await totpSetup(user.totpSecret, user.username, (await getStudioInfo(svc.db, lang)).name)
        : undefined;
      return formStep(codeSchema, (value: { code: string }) => confirmTotp(deps, user, value.code), {
        setup,
      });
    }
    case "addsms":
      return formStep(smsSetupSchema, async (value: { phone: string }) => {
        await addSms(deps, user, value.phone);
        return { sms: { to: masked(value.phone) } };
      });
    case "confirmsms":
      return formStep(codeSchema, (value: { code: string }) => confirmSms(deps, user, value.code), {
        sms: {},
      });
    case "recovery-codes":
      return formStep(passwordOnlySchema, (value: { password: string }) =>
        regenerateRecoveryCodes(deps, user, { password: value.password }),
      );
    case "remove-mfa":
      return formStep(passwordOnlySchema, async (value: { password: string }) => {
        await removeMfa(deps, user, value.password);
        return { done: "security.mfaRemoved" };
      });
    case "logout-others":
      await endOtherSessions(deps, session);
      return { intent, done: "security.othersSignedOut" };
    case "global-logout": {
      await globalLogout(deps, user);
      const headers = new Headers(noStore);
      headers.append("Set-Cookie", clearCookie(config, "session"));
      return redirect(localizePath("/account/login", lang), { status: 303, headers });
    }
    default:
      return { intent, error: "INVALID_PARAMETERS" };
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const answer = actionData as SecurityAnswer | undefined;
  return (
    <>
      <AccountHeading
        backToAccount
        label={t("login.label")}
        title={t("security.title")}
        intro={t("security.intro")}
      />
      {answer?.done ? (
        <p className="account-intro__note" role="status">
          {t(answer.done)}
        </p>
      ) : null}

      <section className="account-section" aria-labelledby="security-password">
        <h2 id="security-password">{t("security.passwordTitle")}</h2>
        <p>{t("security.passwordIntro")}</p>
        <UpdatePasswordForm lastResult={answer?.intent === "update-password" ? answer.result : undefined} />
      </section>

      <SecondFactorSection user={loaderData.user} answer={answer} />
      <SessionsSection sessions={loaderData.sessions} />
    </>
  );
}
