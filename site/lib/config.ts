/** Listing page size (spec section 9). */
export const PAGE_SIZE = 2;
