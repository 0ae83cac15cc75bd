import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  accountWrites,
  formStep,
  guardPost,
  keepHintNamed,
  publicUser,
  requireSession,
  updateEmailSchema,
  updateProfileSchema,
} from "~/features/account/index.server";
import type { Reply } from "~/features/account/lazy/AccountForms";
import { mapOk } from "~/platform/http/outcome";
import { dateTimeFormat } from "~/platform/i18n/format";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/account-profile";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const EmailChangeForm = hydrateLater(() =>
  import("~/features/account/lazy/ProfileForms").then((m) => m.EmailChangeForm),
);
const EmailCodeForm = hydrateLater(() =>
  import("~/features/account/lazy/ProfileForms").then((m) => m.EmailCodeForm),
);
const UsernameForm = hydrateLater(() =>
  import("~/features/account/lazy/ProfileForms").then((m) => m.UsernameForm),
);

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return { seo: await accountSeo(args, "profile.title"), user: publicUser(session.user) };
}

type Answer = {
  intent: string;
  result?: Reply;
  /** The new address a code was sent to: the page asks for that code next. */
  codeSentTo?: string;
  done?: string;
};

/**
 * Username (update-profile, docs/requirements.md#account-and-second-factor) and e-mail address
 * (update-email: password, then code).
 */
export async function action(args: Route.ActionArgs): Promise<Answer> {
  await guardPost(args, accountWrites.updateProfile.limit);
  const session = await requireSession(args);
  const { user } = session;
  const { deps } = accountContext(args);
  const formData = await args.request.formData().catch(() => new FormData());
  const intent = String(formData.get("intent") ?? "");

  switch (intent) {
    case "update-profile":
      return formStep(formData, intent, updateProfileSchema, async (value) =>
        mapOk(await accountWrites.updateProfile.run(deps, user, value), () => {
          keepHintNamed(args, session, value.username);
          return { done: "profile.usernameDone" };
        }),
      );
    // Both steps are checked like the API's update-email (one schema); the browser checks each
    // step's own fields first (ProfileForms).
    case "email-code":
      return formStep(formData, intent, updateEmailSchema, async (value) =>
        mapOk(await accountWrites.updateEmail.run(deps, user, value), () => ({
          codeSentTo: value.email.toLowerCase(),
        })),
      );
    case "email-confirm":
      // A wrong code asks for it again, for the same address.
      return formStep(
        formData,
        intent,
        updateEmailSchema,
        async (value) =>
          mapOk(await accountWrites.updateEmail.run(deps, user, value), () => ({
            done: "profile.emailDone",
          })),
        { codeSentTo: String(formData.get("email") ?? "") },
      );
    default:
      return { intent };
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const { user } = loaderData;
  const answer = actionData;
  const resultFor = (intent: string) => (answer?.intent === intent ? answer.result : undefined);
  // The date of birth is a calendar date: formatted in UTC so it never shifts by a day.
  const birth = dateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${user.dateOfBirth}T00:00:00Z`),
  );
  return (
    <>
      <AccountHeading
        backToAccount
        label={t("login.label")}
        title={t("profile.title")}
        intro={t("profile.intro")}
      />
      {answer?.done ? (
        <p className="account-intro__note" role="status">
          {t(answer.done)}
        </p>
      ) : null}
      <section className="account-section" aria-labelledby="profile-facts">
        <h2 id="profile-facts">{t("profile.details")}</h2>
        <dl className="account-facts">
          <dt>{t("fields.email")}</dt>
          <dd>{user.email}</dd>
          <dt>{t("fields.dateOfBirth")}</dt>
          <dd>{birth}</dd>
        </dl>
      </section>
      <section className="account-section" aria-labelledby="profile-username">
        <h2 id="profile-username">{t("fields.username")}</h2>
        <p>{t("profile.usernameIntro")}</p>
        <UsernameForm lastResult={resultFor("update-profile")} username={user.username} />
      </section>
      <section className="account-section" aria-labelledby="profile-email">
        <h2 id="profile-email">{t("profile.emailTitle")}</h2>
        {answer?.codeSentTo ? (
          <>
            <p role="status">{t("profile.emailSent", { email: answer.codeSentTo })}</p>
            <EmailCodeForm lastResult={resultFor("email-confirm")} email={answer.codeSentTo} />
          </>
        ) : (
          <>
            <p>{t("profile.emailIntro")}</p>
            <EmailChangeForm lastResult={resultFor("email-code")} />
          </>
        )}
      </section>
    </>
  );
}
