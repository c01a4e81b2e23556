import type * as z from "zod/mini";
import { getJson } from "../http";
import { policyFor } from "../query-policies";
import { isTransient, retryDelayFor, withRetries, type RetryOptions } from "../retry";
import { API_PATHS } from "#contract/api-paths";
import { API_RETRIES, API_TIMEOUT_MS, API_URL, LEGACY_BUILD_TOKEN, NOTHING_PUBLISHED } from "./env";

/** A build-time API result: the data, or the error message the page shows instead. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; error: string; status?: number };

/** Which retries a build request gets: the content's (which has fallbacks) or the catalogue's (which has none). */
export type BuildRetry = "content" | "catalogue";

const memo = new Map<string, Promise<unknown>>();
const CONTENT_RETRY_DELAY_MS = 250;
/** The catalogue's backoff: 500 ms doubling, and at most 30 s between tries (also for a longer Retry-After). */
const CATALOGUE_BACKOFF = { baseMs: 500, maxMs: 30_000 } as const;

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

/** The catalogue's retry rule: transient failures (no answer, 408/425/429, 5xx) up to SITE_API_RETRIES times, with backoff or Retry-After. */
function catalogueRetry(path: string, maxRetries = API_RETRIES): RetryOptions {
  return {
    retry: (failures, error) => failures <= maxRetries && isTransient(error),
    delay: (failures, error) => retryDelayFor(failures, error, CATALOGUE_BACKOFF.baseMs, CATALOGUE_BACKOFF.maxMs),
    onRetry: (failures, error, ms) => {
      console.warn(`[site] retry ${failures} of ${maxRetries} for ${path} in ${ms} ms after: ${messageOf(error)}`);
    },
  };
}

function contentRetry(path: string): RetryOptions {
  const policy = policyFor(path);
  return {
    retry: policy.retry,
    delay: (failures) => CONTENT_RETRY_DELAY_MS * failures,
  };
}

/** A catalogue request that still failed after its retries: names what failed, how often it was tried and why. */
class ApiFailure extends Error {
  override name = "ApiFailure";
  constructor(path: string, attempts: number, cause: unknown) {
    super(`GET ${path} failed after ${attempts} attempt${attempts === 1 ? "" : "s"}: ${messageOf(cause)}`, { cause });
  }
}

/** The headers of a build request: none, but a legacy build token on `/api/build/*` when the build has one (see LEGACY_BUILD_TOKEN). */
export function buildHeaders(path: string, token = LEGACY_BUILD_TOKEN): Record<string, string> {
  return token && path.startsWith(`${API_PATHS.build}/`) ? { Authorization: `Bearer ${token}` } : {};
}

/** What a request answers in a build of a site never deployed (there is no API to ask): every content block shows its fallback. */
const NOTHING_PUBLISHED_ERROR = "nothing is published yet (the worker was never deployed)";

async function fetchWithRetries(path: string, mode: BuildRetry): Promise<unknown> {
  if (NOTHING_PUBLISHED) throw new Error(NOTHING_PUBLISHED_ERROR);
  const options = mode === "catalogue" ? catalogueRetry(path) : contentRetry(path);
  const headers = buildHeaders(path);
  let attempts = 0;
  try {
    return await withRetries(() => {
      attempts += 1;
      return getJson(`${API_URL}${path}`, { credentials: "omit", headers, signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    }, options);
  } catch (error) {
    if (mode === "catalogue") throw new ApiFailure(path, attempts, error);
    throw error;
  }
}

/** GETs an API path once per build (memoised by path, retried as `mode` says) and validates it; throws on failure. */
export async function apiGet<S extends z.ZodMiniType>(path: string, schema: S, mode: BuildRetry = "content"): Promise<z.infer<S>> {
  let pending = memo.get(path);
  if (!pending) memo.set(path, (pending = fetchWithRetries(path, mode)));
  const body = await pending;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`Unexpected response from ${API_URL}${path}: ${parsed.error.message}`);
  return parsed.data as z.infer<S>;
}

/** Like apiGet, but a failure becomes a value the page renders as its error state (content only: the catalogue never publishes one). */
export async function apiTry<S extends z.ZodMiniType>(path: string, schema: S): Promise<Loaded<z.infer<S>>> {
  try {
    return { ok: true, data: await apiGet(path, schema) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/^404:/.test(message) && message !== NOTHING_PUBLISHED_ERROR) console.warn(`[site] ${path}: ${message}`);
    return { ok: false, error: message, status: (error as { status?: number }).status };
  }
}
