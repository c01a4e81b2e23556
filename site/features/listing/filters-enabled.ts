/** The one switch for the listing filter panel: built, but off on every page (spec: "Built but switched off"). */
export const FILTERS_ENABLED = false;
