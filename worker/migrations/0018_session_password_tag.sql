-- Each admin session records which ADMIN_PASSWORD it was signed in under: HMAC-SHA256 of the password keyed by the
-- session's own token (which the table never holds), so a changed password ends every older session without a write,
-- and the table says nothing about the password. Sessions from before this column cannot say, so they end here.
DELETE FROM admin_sessions;
ALTER TABLE admin_sessions ADD COLUMN password_tag TEXT NOT NULL DEFAULT '';
