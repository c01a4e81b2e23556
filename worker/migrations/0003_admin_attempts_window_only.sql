-- Sign-in throttling needs only a count and a window start per client: blocked_until was written but never read.
ALTER TABLE admin_attempts DROP COLUMN blocked_until;
