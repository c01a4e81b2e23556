-- Progress of a sync run as its workflow steps finish (pages read from Notion, rows written, files copied), and the
-- most subrequests and wall milliseconds any one step of the run used (the per-invocation budget the steps are cut to).
ALTER TABLE sync_runs ADD COLUMN pages_read INTEGER;
ALTER TABLE sync_runs ADD COLUMN rows_written INTEGER;
ALTER TABLE sync_runs ADD COLUMN steps INTEGER;
ALTER TABLE sync_runs ADD COLUMN max_step_subrequests INTEGER;
ALTER TABLE sync_runs ADD COLUMN max_step_ms INTEGER;
