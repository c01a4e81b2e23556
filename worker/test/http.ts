/** HTTP helpers for workerd tests: calls into the worker, as a visitor or as a signed-in admin. */
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { createSessionToken, SESSION_COOKIE } from "../lib/session";

/** A response with its JSON body already read. */
export type JsonResponse<T = unknown> = { status: number; headers: Headers; body: T };

async function call<T>(path: string, init?: RequestInit): Promise<JsonResponse<T>> {
  const res = await exports.default.fetch(new Request(`http://catalogue.test${path}`, init));
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

/** GET a public API path. */
export function get<T = any>(path: string): Promise<JsonResponse<T>> {
  return call<T>(path);
}

/** Calls an admin API path with a valid session cookie. */
export async function admin<T = any>(method: "GET" | "POST", path: string): Promise<JsonResponse<T>> {
  const { token } = await createSessionToken(env.ADMIN_PASSWORD);
  return call<T>(path, { method, headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
}

/** Caching on, no cache keys, counters at zero (through the admin API, so the worker's own memos follow). */
export async function freshCache(): Promise<void> {
  await admin("POST", "/api/admin/cache/enable");
  await admin("POST", "/api/admin/cache/clear");
}
