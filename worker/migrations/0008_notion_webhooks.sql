-- Notion webhooks: the subscription's verification token and the event ids already seen.

-- At most one subscription: the token Notion sent in its verification request (the key of every later signature).
CREATE TABLE IF NOT EXISTS webhook_subscription (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  verification_token TEXT NOT NULL,
  token_received_at TEXT NOT NULL,
  -- set by the first event whose signature checks out with the token
  verified_at TEXT,
  last_event_at TEXT,
  last_event_type TEXT
);

-- Event ids accepted recently, so a repeated delivery is acknowledged without queueing its pages again.
CREATE TABLE IF NOT EXISTS webhook_events (
  event_id TEXT PRIMARY KEY,
  received_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_events_received_at ON webhook_events (received_at);
