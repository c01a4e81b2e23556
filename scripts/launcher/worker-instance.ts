import { API_PATHS } from "#contract/api-paths";
import { HealthSchema } from "#contract/health";

/** The isolate id the worker at `url` reports on /api/health, or null while it does not answer. */
export async function workerInstance(url: string): Promise<string | null> {
  try {
    const res = await fetch(`${url}${API_PATHS.health}`);
    if (!res.ok) return null;
    const health = HealthSchema.safeParse(await res.json());
    return health.success ? health.data.instance : null;
  } catch {
    return null;
  }
}

/** Waits (at most `limitMs`) until the worker answers from an isolate other than `before`: `wrangler dev` reloads it after the assets change. */
export async function waitForReload(
  url: string,
  before: string | null,
  limitMs = 15_000,
  pollMs = 100,
  signal?: AbortSignal,
): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    signal?.throwIfAborted();
    const now = await workerInstance(url);
    if (now !== null && now !== before) return true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return false;
}
