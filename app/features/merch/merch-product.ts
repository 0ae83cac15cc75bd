/** One product as the API and the page show it, whatever its source (store or content). */
export type MerchProduct = {
  id: string;
  title: string;
  price: { amount: string; currency: string };
  image: string | null;
  url: string | null;
};
