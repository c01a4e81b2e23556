-- The operator's settings kept by the worker (set in the admin panel, never by a redeploy): one row per key, its value
-- JSON that contract/site-settings.ts describes and checks on every read and write.
CREATE TABLE IF NOT EXISTS site_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
