import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  codeSchema,
  formStep,
  guardPost,
  listSessions,
  passwordOnlySchema,
  publicUser,
  recoveryProofSchema,
  requireSession,
  smsSetupSchema,
  totpSetup,
  updatePasswordSchema,
  accountWrites as w,
} from "~/features/account/index.server";
import type { SecurityAnswer } from "~/features/account/lazy/SecurityForms";
import { getStudioInfo } from "~/features/studio/index.server";
import { mapOk } from "~/platform/http/outcome";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/account-security";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const UpdatePasswordForm = hydrateLater(() =>
  import("~/features/account/lazy/AccountForms").then((m) => m.UpdatePasswordForm),
);
const SecondFactorSection = hydrateLater(() =>
  import("~/features/account/lazy/SecurityForms").then((m) => m.SecondFactorSection),
);
const SessionsSection = hydrateLater(() =>
  import("~/features/account/lazy/SecurityForms").then((m) => m.SessionsSection),
);

export const headers: Route.HeadersFunction = accountPageHeaders;

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
export async function action(args: Route.ActionArgs): Promise<SecurityAnswer> {
  await guardPost(args, w.updatePassword.limit);
  const session = await requireSession(args);
  const { deps, lang, svc } = accountContext(args);
  const user = session.user;
  const formData = await args.request.formData().catch(() => new FormData());
  const intent = String(formData.get("intent") ?? "");

  switch (intent) {
    case "update-password":
      return formStep(formData, intent, updatePasswordSchema, async (value) =>
        mapOk(await w.updatePassword.run(deps, session, value), () => ({ done: "passwordDone" })),
      );
    case "addtotp": {
      const outcome = await w.addTotp.run(deps, user, (await getStudioInfo(svc.db, lang)).name);
      return outcome.ok ? { intent, setup: outcome.value } : { intent, error: outcome.code };
    }
    case "confirmtotp": {
      // A wrong code shows the same QR code again, from the secret addtotp stored.
      const setup = user.totpSecret
        ? await totpSetup(user.totpSecret, user.username, (await getStudioInfo(svc.db, lang)).name)
        : undefined;
      return formStep(formData, intent, codeSchema, (value) => w.confirmTotp.run(deps, user, value.code), {
        setup,
      });
    }
    case "addsms":
      return formStep(formData, intent, smsSetupSchema, async (value) =>
        mapOk(await w.addSms.run(deps, user, value.phone), () => ({ sms: { to: masked(value.phone) } })),
      );
    case "confirmsms":
      return formStep(formData, intent, codeSchema, (value) => w.confirmSms.run(deps, user, value.code), {
        sms: {},
      });
    case "recovery-codes":
      return formStep(formData, intent, recoveryProofSchema, (value) =>
        w.regenerateRecoveryCodes.run(deps, user, value),
      );
    case "remove-mfa":
      return formStep(formData, intent, passwordOnlySchema, async (value) =>
        mapOk(await w.removeMfa.run(deps, user, value.password), () => ({ done: "mfaRemoved" })),
      );
    case "logout-others":
      await w.endOtherSessions.run(deps, session);
      return { intent, done: "othersSignedOut" };
    default:
      return { intent, error: "INVALID_PARAMETERS" };
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { t: ts } = useTranslation("account-security");
  const answer = actionData;
  return (
    <>
      <AccountHeading
        backToAccount
        label={t("login.label")}
        title={t("security.title")}
        intro={ts("intro")}
      />
      {answer?.done ? (
        <p className="account-intro__note" role="status">
          {ts(answer.done)}
        </p>
      ) : null}

      <section className="account-section" aria-labelledby="security-password">
        <h2 id="security-password">{ts("passwordTitle")}</h2>
        <p>{ts("passwordIntro")}</p>
        <UpdatePasswordForm lastResult={answer?.intent === "update-password" ? answer.result : undefined} />
      </section>

      <SecondFactorSection user={loaderData.user} answer={answer} />
      <SessionsSection sessions={loaderData.sessions} />
    </>
  );
}
