-- Admin sessions become opaque random tokens: the table keeps each token's SHA-256 (hex), never the token, and
-- nothing about a session derives from the password. Sessions of the former HMAC cookies end here.
DROP TABLE IF EXISTS admin_sessions;
CREATE TABLE admin_sessions (
  token_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);

-- Sign-in throttling by growing delays: per client, its failures, when the last one came and when it may try again.
DROP TABLE IF EXISTS admin_attempts;
CREATE TABLE admin_attempts (
  client TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_failure INTEGER NOT NULL,
  next_allowed INTEGER NOT NULL
);
CREATE INDEX admin_attempts_last_failure ON admin_attempts (last_failure);

-- Keys of the files the sync copied into R2: /media serves these and nothing else of the bucket.
CREATE TABLE IF NOT EXISTS media_files (
  key TEXT PRIMARY KEY
);
