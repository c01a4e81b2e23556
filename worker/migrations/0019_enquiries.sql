-- Visitors' enquiries about items, kept whatever becomes of the email to the dealer. `client` is the SHA-256 of the
-- sender's address key (IPv6: its /64), kept only while it counts towards the hourly limit, then cleared.
CREATE TABLE enquiries (
  id TEXT PRIMARY KEY,
  category TEXT NOT NULL,
  item_id TEXT NOT NULL,
  item_title TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  handled_at TEXT,
  emailed INTEGER NOT NULL DEFAULT 0,
  client TEXT
);
-- The admin list, newest first, open ones or all.
CREATE INDEX enquiries_created ON enquiries (created_at DESC);
CREATE INDEX enquiries_open ON enquiries (created_at DESC) WHERE handled_at IS NULL;
-- The hourly count of one client's enquiries.
CREATE INDEX enquiries_client ON enquiries (client, created_at) WHERE client IS NOT NULL;
