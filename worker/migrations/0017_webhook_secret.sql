-- The secret path segment of the Notion webhook endpoint (`POST /api/notion/webhook/{secret}`): made by the worker
-- the first time the admin panel asks for the webhook URL, kept until the admin resets the subscription. Only a
-- request to that URL may verify a subscription or deliver events, so nobody who does not know it can take it over.
CREATE TABLE IF NOT EXISTS webhook_endpoint (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret TEXT NOT NULL,
  created_at TEXT NOT NULL
);
