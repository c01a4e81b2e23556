/** HTTP helpers for workerd tests: calls into the worker, as a visitor or as a signed-in admin. */
import { ADMIN_PATHS } from "#contract/api-paths";
import { exports } from "cloudflare:workers";
import { adminFetch } from "./admin";

/** A response with its JSON body already read. */
export type JsonResponse<T = unknown> = { status: number; headers: Headers; body: T };

async function read<T>(res: Response): Promise<JsonResponse<T>> {
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

/** GET a public API path (with `headers`, if given). */
export async function get<T = any>(path: string, headers?: Record<string, string>): Promise<JsonResponse<T>> {
  return read<T>(await exports.default.fetch(`http://localhost${path}`, { headers }));
}

/** Calls an admin API path as a signed-in admin. */
export async function admin<T = any>(method: "GET" | "POST", path: string): Promise<JsonResponse<T>> {
  return read<T>(await adminFetch(path, { method }));
}

/** Caching on, no cache keys, counters at zero (through the admin API, so the worker's own memos follow). */
export async function freshCache(): Promise<void> {
  await admin("POST", ADMIN_PATHS.cacheEnable);
  await admin("POST", ADMIN_PATHS.cacheClear);
}
