/** Shown where an item has no price. */
const NOT_FOR_SALE = "Not for sale";

/** Item screens: '$' then the number with locale grouping, e.g. $1,250.5; 'Not for sale' when missing. */
export function formatItemPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return NOT_FOR_SALE;
  return `$${price.toLocaleString("en-US")}`;
}

const WHOLE_USD = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Elsewhere (cards, badges): whole US dollars, no decimals, e.g. $1,251; 'Not for sale' when missing. */
export function formatPrice(price: number | null | undefined): string {
  if (price === null || price === undefined || !Number.isFinite(price)) return NOT_FOR_SALE;
  return WHOLE_USD.format(price);
}
