-- Files a sync could not copy (a 404, an expired link Notion no longer lists, a file over the size cap). Per run, for
-- the sync history: kept in a table of their own, not as columns of sync_runs, which 0013 rebuilds. Per page, until a
-- later sync has copied them: the next update of the table reads those pages again.
CREATE TABLE sync_run_skipped_files (
  run_id INTEGER PRIMARY KEY,
  files TEXT NOT NULL,
  total INTEGER NOT NULL
);
CREATE TABLE file_retry_pages (
  table_name TEXT NOT NULL,
  page_id TEXT NOT NULL,
  PRIMARY KEY (table_name, page_id)
);
