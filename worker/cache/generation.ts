import { memoryClear } from "./memory";
import { logEvent } from "../lib/log";

/**
 * The cache generation: a short id kept in KV (outside `cache:`) and part of every cache key, so a purge is one KV
 * write however many entries exist; the old generation's entries are never read again and expire by their TTL.
 * A read that started before a purge stores its answer under the generation it began with, which no later read asks for.
 * Each isolate holds the resolved value for GENERATION_MEMO_MS (never a pending read: see data/columns.ts). Other
 * isolates see a new generation once their copy is that old, other locations once KV has spread it (up to 60 s).
 */

/** KV key of the current generation; absent means GENERATION_INITIAL. */
export const GENERATION_KEY = "settings:cache_generation";
/** The generation before the first purge. */
export const GENERATION_INITIAL = "0";
/** How long an isolate trusts its copy of the generation before reading KV again. */
export const GENERATION_MEMO_MS = 5000;
/** KV refuses a second write to one key within a second: a purge that meets that waits this long, then tries again. */
const WRITE_RETRY_MS = 1100;
const WRITE_ATTEMPTS = 3;

let memo: { generation: string; at: number } | undefined;

/** The current generation, from this isolate's copy when younger than GENERATION_MEMO_MS; a failed KV read keeps the last one known. */
export async function currentGeneration(kv: KVNamespace, now = Date.now()): Promise<string> {
  if (memo && now - memo.at < GENERATION_MEMO_MS) return memo.generation;
  try {
    const generation = (await kv.get(GENERATION_KEY, "text")) ?? GENERATION_INITIAL;
    memo = { generation, at: now };
    return generation;
  } catch (err) {
    logEvent("cache_error", { op: "read the cache generation", error: err });
    return memo?.generation ?? GENERATION_INITIAL;
  }
}

/** A generation id never used before: the time in base 36 and four random characters. */
function newGeneration(): string {
  const [word = 0] = crypto.getRandomValues(new Uint32Array(1));
  const random = word.toString(36).padStart(4, "0").slice(-4);
  return `${Date.now().toString(36)}${random}`;
}

/** Starts a new generation (one KV write, retried past KV's one-write-per-second limit) and returns it; this isolate uses it at once. */
export async function bumpGeneration(kv: KVNamespace): Promise<string> {
  const generation = newGeneration();
  for (let attempt = 1; ; attempt++) {
    try {
      await kv.put(GENERATION_KEY, generation);
      break;
    } catch (err) {
      if (attempt >= WRITE_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, WRITE_RETRY_MS));
    }
  }
  memo = { generation, at: Date.now() };
  memoryClear();
  return generation;
}
