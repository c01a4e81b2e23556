-- Catalogue tables whose stored page bodies were written by an older body renderer (before tables, toggles, callouts,
-- columns, bookmarks, videos, embeds and captions had their own Markdown): the nightly full sync reads them again from
-- Notion at its pace, a bounded number a night, walking each table in id order from `after_id`, and deletes its row once
-- the walk ends (worker/sync/jobs/body-reread.ts). Every table with bodies synced so far is queued; a fresh database queues
-- none (its bodies will be written by the current renderer).
CREATE TABLE IF NOT EXISTS body_rereads (
  table_name TEXT PRIMARY KEY,
  after_id TEXT NOT NULL DEFAULT ''
);
INSERT OR IGNORE INTO body_rereads (table_name) SELECT table_name FROM sync_tables WHERE has_body = 1;
