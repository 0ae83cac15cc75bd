import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  guardPost,
  noStore,
  requireSession,
} from "~/features/account/index.server";
import { AccountDataList } from "~/features/account-data";
import "~/features/privacy-requests/privacy-requests.css";
import { data, redirect } from "react-router";
import { deleteHeldItem, loadAccountData, openHeldStatusPage } from "~/features/account-data/index.server";
import { readForm } from "~/platform/forms/parse-form.server";
import { consumePageLimit } from "~/platform/http/route-limits.server";
import { localizePath } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { statusPath } from "~/platform/status/links.server";
import { type Flash, redirectWithFlash } from "~/ui/feedback/flash.server";
import type { Route } from "./+types/account-data";

/**
 * "My submissions and data" (docs/requirements.md#account-data, #data-rights): what the
 * data-rights page lists for the account's verified address, with each submission's status,
 * its status page, Download and Delete (asks first), and all of it as one zip. Personal data:
 * no cache keeps it.
 */
export const headers: Route.HeadersFunction = accountPageHeaders;

const pagePath = "/account/data";

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  await consumePageLimit(args.context, "account-data");
  const { svc, lang } = accountContext(args);
  const held = await loadAccountData(svc, session.user, lang);
  return {
    seo: await accountSeo(args, "account-data:title"),
    pageUrl: localizePath(pagePath, lang),
    asking: new URL(args.request.url).searchParams.get("delete"),
    ...held,
  };
}

/** Open a status page (a fresh link), or delete one item; both only of the holder's own items. */
export async function action(args: Route.ActionArgs) {
  await guardPost(args, "data");
  const session = await requireSession(args);
  const { svc, lang, config } = accountContext(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const kind = form.get("kind");
  const id = form.get("id");
  if ((intent !== "status" && intent !== "delete") || typeof kind !== "string" || typeof id !== "string") {
    throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400, headers: noStore });
  }
  const pageUrl = localizePath(pagePath, lang);
  const notFound: Flash = { kind: "error", messages: ["held-data:notFound"] };
  if (intent === "status") {
    const outcome = await openHeldStatusPage(svc, session.user, kind, id);
    if (!outcome.ok) return redirectWithFlash(pageUrl, notFound, config);
    // The token is the site's own: the address stays on the site, in the page's language.
    return redirect(localizePath(statusPath(outcome.value.token), lang), { status: 303, headers: noStore });
  }
  const outcome = await deleteHeldItem(svc, session.user, kind, id);
  return redirectWithFlash(
    pageUrl,
    outcome.ok ? { kind: "success", messages: ["held-data:deleted"] } : notFound,
    config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountData({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account-data");
  return (
    <>
      <AccountHeading
        backToAccount
        label={t("account:login.label")}
        title={t("title")}
        intro={loaderData.verified ? t("intro", { email: loaderData.email }) : t("unverified")}
      />
      {loaderData.verified ? (
        <div className="privacy-requests account-data">
          <AccountDataList
            groups={loaderData.groups}
            pageHref={loaderData.pageUrl}
            downloadHref={`${loaderData.pageUrl}/download`}
            asking={loaderData.asking}
          />
        </div>
      ) : null}
    </>
  );
}
