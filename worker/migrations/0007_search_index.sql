-- Full-text index of every catalogue item, refreshed per category in the same D1 batch that swaps in its synced rows.
-- Searched columns first (their order is the bm25 weight order in worker/data/search.ts), then stored display values.
-- `codes` holds title, manufacturer, description and details again with the symbols of part numbers and prices
-- ("#A-113", "5¢") replaced by private-use characters, which unicode61 keeps inside a token, so they match as written.
CREATE VIRTUAL TABLE IF NOT EXISTS search_index USING fts5(
  title,
  manufacturer,
  description,
  details,
  body,
  codes,
  category UNINDEXED,
  item_id UNINDEXED,
  for_sale UNINDEXED,
  year_value UNINDEXED,
  price UNINDEXED,
  main_image UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
