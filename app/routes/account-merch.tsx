import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  requireSession,
} from "~/features/account/index.server";
import { MerchGrid } from "~/features/merch";
import { merchList } from "~/features/merch/index.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/account-merch";

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  await requireSession(args);
  const { svc, lang } = accountContext(args);
  const answer = await merchList(svc, lang);
  return {
    seo: await accountSeo(args, "merch:title"),
    products: answer.ok ? answer.products : null,
  };
}

/** A product grid: the card at a grid's width. */
export const handle: LayoutHandle = { card: "wide" };

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountMerch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("platforms");
  return (
    <>
      <AccountHeading
        backToAccount
        label={t("page.label")}
        title={t("merch:title")}
        intro={t("merch:intro")}
      />
      {loaderData.products ? (
        <MerchGrid products={loaderData.products} />
      ) : (
        <p className="form-errors" role="alert">
          {t("messages:msg.SERVICE_TEMPORARILY_UNAVAILABLE")}
        </p>
      )}
    </>
  );
}
