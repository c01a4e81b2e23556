/** What a whole-number setting gives: the number to use, and what was wrong with the setting (null when fine or unset). */
export type WholeNumberSetting = { value: number; error: string | null };

/**
 * Reads the setting `name` (a `[vars]` value) as a whole number from `min` to `max`; unset or blank gives `fallback`,
 * anything else `fallback` and why, naming the value.
 */
export function wholeNumberSetting(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
  fallback: number,
): WholeNumberSetting {
  if (value === undefined || value.trim() === "") return { value: fallback, error: null };
  const n = Number(value.trim());
  if (Number.isInteger(n) && n >= min && n <= max) return { value: n, error: null };
  return {
    value: fallback,
    error: `${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(value)}); using ${fallback}`,
  };
}
