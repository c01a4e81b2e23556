-- Our own tables. Tables named notion_* are made by the schema sync, never here.

-- One row per Notion database found by the last schema sync.
CREATE TABLE IF NOT EXISTS sync_tables (
  table_name TEXT PRIMARY KEY,
  database_title TEXT NOT NULL,
  database_id TEXT,
  data_source_id TEXT,
  -- JSON list of {property, column, type} in the order the table declares them
  columns_json TEXT NOT NULL DEFAULT '[]',
  has_body INTEGER NOT NULL DEFAULT 0,
  schema_synced_at TEXT,
  data_synced_at TEXT
);

-- History of sync and rebuild runs shown in the admin panel.
CREATE TABLE IF NOT EXISTS sync_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('schema', 'table', 'full', 'rebuild')),
  target TEXT,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  ok INTEGER,
  message TEXT
);

-- Named locks with an expiry, so one table sync runs at a time even across isolates.
CREATE TABLE IF NOT EXISTS locks (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);

-- Cache hit and miss counters.
CREATE TABLE IF NOT EXISTS cache_counters (
  name TEXT PRIMARY KEY CHECK (name IN ('hits', 'misses')),
  value INTEGER NOT NULL DEFAULT 0
);
INSERT OR IGNORE INTO cache_counters (name, value) VALUES ('hits', 0), ('misses', 0);

-- Small key/value settings (caching on/off).
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Failed admin sign-ins per client, for throttling.
CREATE TABLE IF NOT EXISTS admin_attempts (
  client TEXT PRIMARY KEY,
  failures INTEGER NOT NULL DEFAULT 0,
  window_start INTEGER NOT NULL,
  blocked_until INTEGER NOT NULL DEFAULT 0
);
