-- Sync history: what started each run, pages added/changed/removed, files copied, Notion blocks the Markdown could not
-- show, and the error of a failed run. Rebuilt to widen the kind check with 'page' (a single page's sync, from a
-- webhook); existing runs are kept as manual ones.
CREATE TABLE sync_runs_next (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('schema', 'table', 'full', 'rebuild', 'page')),
  target TEXT,
  started_by TEXT NOT NULL DEFAULT 'manual' CHECK (started_by IN ('manual', 'cron', 'webhook', 'launcher')),
  started_at TEXT NOT NULL,
  finished_at TEXT,
  ok INTEGER,
  message TEXT,
  error TEXT,
  pages_added INTEGER,
  pages_changed INTEGER,
  pages_removed INTEGER,
  files_copied INTEGER,
  unsupported_blocks TEXT,
  unsupported_total INTEGER
);
INSERT INTO sync_runs_next (id, kind, target, started_at, finished_at, ok, message, error)
  SELECT id, kind, target, started_at, finished_at, ok, message, CASE WHEN ok = 0 THEN message END FROM sync_runs;
DROP TABLE sync_runs;
ALTER TABLE sync_runs_next RENAME TO sync_runs;
