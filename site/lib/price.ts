/** Prices as the site shows them, in the dealer's currency and locale (the build reads them: site/lib/build/site-settings.ts). */
export {
  /** Item screens: the currency's symbol then the number with locale grouping, e.g. $1,250.5; 'Not for sale' when missing. */
  itemPriceText as formatItemPrice,
  /** Elsewhere (cards, badges): whole amounts, no decimals, e.g. $1,251; 'Not for sale' when missing. */
  wholePriceText as formatPrice,
} from "#contract/price-format";
