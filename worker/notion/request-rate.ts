import { wholeNumberSetting } from "#contract/whole-number-setting";

/** Notion's documented average rate limit for an integration, and the pace a sync keeps unless told otherwise. */
export const NOTION_REQUESTS_PER_SECOND = 3;
const MIN_RATE = 1;
const MAX_RATE = 100;

/**
 * The pace NOTION_REQUESTS_PER_SECOND sets: a whole number from 1 to 100. Above Notion's 3 only makes sense for a
 * Notion-compatible server without that limit (the tests' local one); unset, blank or out of range gives 3 (with why).
 */
export function requestRate(value: string | undefined): { rate: number; error: string | null } {
  const { value: rate, error } = wholeNumberSetting("NOTION_REQUESTS_PER_SECOND", value, MIN_RATE, MAX_RATE, NOTION_REQUESTS_PER_SECOND);
  return { rate, error };
}
