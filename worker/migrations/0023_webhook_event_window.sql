-- Notion retries a webhook delivery that failed for up to a day, keeping the event's first timestamp: an accepted event
-- id is remembered until its event could no longer be accepted (its timestamp plus the acceptance window), so a late
-- retry of an event already synced is acknowledged without syncing it twice.
ALTER TABLE webhook_events ADD COLUMN forget_at INTEGER NOT NULL DEFAULT 0;
UPDATE webhook_events SET forget_at = received_at + 86460000;
DROP INDEX IF EXISTS webhook_events_received_at;
CREATE INDEX IF NOT EXISTS webhook_events_forget_at ON webhook_events (forget_at);
