-- Drafts and held pages are never stored as rows: a `notion_*` table holds exactly what the site shows. This table
-- keeps only their ids, per table, so the admin panel counts them (through the primary key) and the sync knows which
-- live rows to take off (a draft whose removal waits for the operator) or to keep as last synced (a held page).
CREATE TABLE unpublished_pages (
  table_name TEXT NOT NULL,
  page_id TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('draft', 'held')),
  -- The table run that last saw the page in this state: a whole-table copy forgets the ids it did not see.
  run_id INTEGER NOT NULL,
  PRIMARY KEY (table_name, page_id)
) WITHOUT ROWID;

-- A sync that would take more than half of a table's live items off the site at once keeps them and records why here,
-- one row per table, until the operator confirms (`confirmed_at`) and a sync of the table takes them off. `applied_at`:
-- when a confirmed removal was carried out, so the site build lets that category shrink.
CREATE TABLE removal_holds (
  table_name TEXT PRIMARY KEY,
  live INTEGER NOT NULL,
  leaving INTEGER NOT NULL,
  unpublished INTEGER NOT NULL,
  gone INTEGER NOT NULL,
  run_id INTEGER,
  held_at TEXT NOT NULL,
  confirmed_at TEXT,
  applied_at TEXT
);
