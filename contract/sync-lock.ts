/**
 * How long the sync lock lives without a heartbeat (the sync renews it while its work runs, waits included): short
 * enough that a sync cut short (worker restart, cancelled request: its heartbeat stops with it) blocks the next for at
 * most a minute and a half. Tests that wait out an abandoned lock read it too.
 */
export const LOCK_TTL_MS = 90_000;
