-- Signed-in admin sessions: a session cookie counts only while its row exists, so signing out revokes it.
CREATE TABLE IF NOT EXISTS admin_sessions (
  id TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
