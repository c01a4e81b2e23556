/** Notion page ids as the API accepts them: 32 hex digits, with or without the uuid dashes. */

const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAIN = /^[0-9a-f]{32}$/i;

/** The lowercase dashed uuid form of a Notion id (as stored in `id` columns), or null when malformed. */
export function normaliseNotionId(raw: string): string | null {
  if (!DASHED.test(raw) && !PLAIN.test(raw)) return null;
  const hex = raw.replace(/-/g, "").toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
