import type * as z from "zod/mini";
import { getJson } from "../http";
import { policyFor } from "../query-policies";
import { API_TIMEOUT_MS, API_URL } from "./env";

/** A build-time API result: the data, or the error message the page shows instead. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; error: string; status?: number };

const memo = new Map<string, Promise<unknown>>();
const BUILD_RETRY_DELAY_MS = 250;

async function fetchWithPolicy(path: string): Promise<unknown> {
  const policy = policyFor(path);
  for (let failures = 0; ; ) {
    try {
      return await getJson(`${API_URL}${path}`, { credentials: "omit", signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    } catch (error) {
      failures += 1;
      if (!policy.retry(failures, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, BUILD_RETRY_DELAY_MS * failures));
    }
  }
}

/** GETs an API path once per build (memoised by path, retried by the spec's policy) and validates it; throws on failure. */
export async function apiGet<S extends z.ZodMiniType>(path: string, schema: S): Promise<z.infer<S>> {
  let pending = memo.get(path);
  if (!pending) memo.set(path, (pending = fetchWithPolicy(path)));
  const body = await pending;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`Unexpected response from ${API_URL}${path}: ${parsed.error.message}`);
  return parsed.data as z.infer<S>;
}

/** Like apiGet, but a failure becomes a value the page renders as its error state. */
export async function apiTry<S extends z.ZodMiniType>(path: string, schema: S): Promise<Loaded<z.infer<S>>> {
  try {
    return { ok: true, data: await apiGet(path, schema) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/^404:/.test(message)) console.warn(`[site] ${path}: ${message}`);
    return { ok: false, error: message, status: (error as { status?: number }).status };
  }
}
