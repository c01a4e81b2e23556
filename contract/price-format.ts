/** Prices and dates as the dealer's settings write them: a currency (ISO 4217) and a locale (BCP 47), shared by site and worker. */

/** How prices (and dates) are written: the currency's code and the locale whose grouping and symbols are used. */
export type PriceFormat = { currency: string; locale: string };

/** US dollars written the American way: the catalogue's format until the dealer chooses another. */
export const DEFAULT_PRICE_FORMAT: PriceFormat = { currency: "USD", locale: "en-US" };

/** Shown where an item has no price. */
const NOT_FOR_SALE = "Not for sale";

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(format: PriceFormat, maxFractionDigits: number): Intl.NumberFormat {
  const key = `${format.locale}|${format.currency}|${maxFractionDigits}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(format.locale, {
      style: "currency",
      currency: format.currency,
      minimumFractionDigits: 0,
      maximumFractionDigits: maxFractionDigits,
    });
    formats.set(key, made);
  }
  return made;
}

const hasPrice = (price: number | null | undefined): price is number => price !== null && price !== undefined && Number.isFinite(price);

/** Item screens: the currency's symbol and the price as given, grouped (`$1,250.5`, `1.250,5 €`); `Not for sale` without one. */
export function itemPriceText(price: number | null | undefined, format: PriceFormat): string {
  return hasPrice(price) ? numberFormat(format, 3).format(price) : NOT_FOR_SALE;
}

/** Elsewhere (cards, badges): the price rounded to a whole amount (`$1,251`); `Not for sale` without one. */
export function wholePriceText(price: number | null | undefined, format: PriceFormat): string {
  return hasPrice(price) ? numberFormat(format, 0).format(price) : NOT_FOR_SALE;
}

/** True when `code` is a currency this runtime formats (a three-letter ISO 4217 code it knows). */
export function isKnownCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code);
}

/** True when `tag` is a locale written in its canonical form (`en-GB`, `de-CH`) that this runtime has data for. */
export function isKnownLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag)[0] === tag && Intl.NumberFormat.supportedLocalesOf([tag]).length === 1;
  } catch {
    return false;
  }
}
