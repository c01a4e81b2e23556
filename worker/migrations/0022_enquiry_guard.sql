-- Enquiries no one can flood. `flagged`: stored past the site-wide hourly or daily cap, so never emailed (the dealer
-- gets one summary instead) and listed apart in the admin panel. `network`: the keyed hash of the sender's IPv6 /48,
-- counted beside `client` (its /64, or its IPv4 address), kept only while it counts, like `client`.
ALTER TABLE enquiries ADD COLUMN flagged INTEGER NOT NULL DEFAULT 0;
ALTER TABLE enquiries ADD COLUMN network TEXT;
-- Addresses were kept as bare SHA-256 until now; the keyed hashes below never match them, so they count no more.
UPDATE enquiries SET client = NULL;
CREATE INDEX enquiries_network ON enquiries (network, created_at) WHERE network IS NOT NULL;
-- The oldest flagged enquiries first (dropped at the ceiling and by their retention), and handled ones by when.
CREATE INDEX enquiries_flagged ON enquiries (created_at) WHERE flagged = 1;
CREATE INDEX enquiries_handled ON enquiries (handled_at) WHERE handled_at IS NOT NULL;

-- One row: the worker's own random key for the address hashes (HMAC-SHA-256, made on the first enquiry, never leaves
-- D1) and when the last summary of a flood was emailed to the dealer (at most one a day).
CREATE TABLE IF NOT EXISTS enquiry_guard (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  address_key TEXT NOT NULL,
  summary_sent_at TEXT
);
