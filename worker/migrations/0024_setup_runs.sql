-- The first-run card's catalogue step: each "Create the catalogue under this page" (kind 'create', a SETUP workflow
-- run, progress written by its steps) and each "Use my databases" (kind 'check', recorded finished). `lines` is a JSON
-- list of the run's lines; `ok` is null while it runs. At most one create runs at a time (the partial unique index).
CREATE TABLE IF NOT EXISTS setup_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('create', 'check')),
  demo INTEGER NOT NULL DEFAULT 0,
  parent_page_id TEXT NOT NULL,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  ok INTEGER,
  phase TEXT NOT NULL DEFAULT '',
  databases_done INTEGER NOT NULL DEFAULT 0,
  pages_done INTEGER NOT NULL DEFAULT 0,
  pages_total INTEGER NOT NULL DEFAULT 0,
  lines TEXT NOT NULL DEFAULT '[]',
  message TEXT
);
CREATE UNIQUE INDEX IF NOT EXISTS setup_runs_one_running ON setup_runs (kind) WHERE finished_at IS NULL;
