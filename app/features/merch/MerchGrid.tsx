import { numberFormat } from "~/platform/i18n/format";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { MerchProduct } from "./merch-product";
import "./merch.css";

/**
 * The merchandise (docs/requirements.md#linked-platforms-and-merch) as a grid of cards; the store's
 * page opens in a new tab.
 */
export function MerchGrid({ products }: { products: MerchProduct[] }) {
  const { t, i18n } = useTranslation("merch");
  if (products.length === 0)
    return (
      <p className="merch-empty" role="status">
        {t("empty")}
      </p>
    );
  return (
    <ul className="merch-grid">
      {products.map((product) => {
        const price = numberFormat(i18n.language, {
          style: "currency",
          currency: product.price.currency,
        }).format(Number(product.price.amount));
        return (
          <li key={product.id} className="merch-card">
            {product.image ? (
              <img
                className="merch-card__image"
                src={product.image}
                alt=""
                width={320}
                height={320}
                loading="lazy"
              />
            ) : null}
            <h2 className="merch-card__title">{product.title}</h2>
            <p className="merch-card__price">{price}</p>
            {product.url ? (
              <a
                className="text-link merch-card__link"
                href={product.url}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t("view")}
                <span className="visually-hidden"> {t("viewOf", { title: product.title })}</span>
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
