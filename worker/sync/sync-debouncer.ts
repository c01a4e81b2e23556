import { DurableObject } from "cloudflare:workers";
import { LockBusyError } from "../tables/lock";
import type { WebhookChanges } from "../notion/webhook-events";
import { syncQueued } from "./webhook-sync";

/** Batching window when NOTION_WEBHOOK_DEBOUNCE_MS is unset: Notion itself aggregates edits for about this long. */
export const DEFAULT_DEBOUNCE_MS = 5000;
/** Wait before trying again while another sync holds the lock. */
export const LOCK_RETRY_MS = 10_000;
/** Failed runs (Notion or D1 errors) retried with a growing wait before the batch is dropped (the nightly sync catches up). */
export const MAX_ATTEMPTS = 5;

const PAGE = "page:";
const SCHEMA = "schema:";
const ATTEMPTS = "attempts";

/** The batching window from the environment (milliseconds). */
export function debounceMs(env: Pick<Env, "NOTION_WEBHOOK_DEBOUNCE_MS">): number {
  const ms = Number(env.NOTION_WEBHOOK_DEBOUNCE_MS);
  return Number.isFinite(ms) && ms >= 0 ? ms : DEFAULT_DEBOUNCE_MS;
}

/** The one debouncer every webhook request feeds (one object: its alarm serialises the page syncs). */
export function syncDebouncer(env: Env): DurableObjectStub<SyncDebouncer> {
  return env.SYNC_DEBOUNCER.get(env.SYNC_DEBOUNCER.idFromName("notion-webhooks"));
}

/**
 * Collects the pages and schemas webhook events name and syncs them in one run once the window after the first of
 * them has passed (the object's alarm), then asks for one rebuild. Each pending id is one storage key, so repeats
 * collapse; a key re-queued while a run is under way keeps its new mark and is synced by the next run.
 */
export class SyncDebouncer extends DurableObject<Env> {
  /** Queues `changes` and starts the window unless one is already open. */
  async enqueue(changes: WebhookChanges): Promise<void> {
    const mark = crypto.randomUUID();
    const entries: Record<string, string> = {};
    for (const id of changes.pages) entries[PAGE + id] = mark;
    for (const id of changes.schemas) entries[SCHEMA + id] = mark;
    if (Object.keys(entries).length === 0) return;
    await this.ctx.storage.put(entries);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + debounceMs(this.env));
  }

  /** What is queued now (for the admin panel and tests): page ids and schema ids. */
  async pending(): Promise<WebhookChanges> {
    const [pages, schemas] = await Promise.all([this.ctx.storage.list({ prefix: PAGE }), this.ctx.storage.list({ prefix: SCHEMA })]);
    return { pages: [...pages.keys()].map((k) => k.slice(PAGE.length)), schemas: [...schemas.keys()].map((k) => k.slice(SCHEMA.length)) };
  }

  override async alarm(): Promise<void> {
    const schemas = await this.ctx.storage.list<string>({ prefix: SCHEMA });
    const pages = await this.ctx.storage.list<string>({ prefix: PAGE });
    if (schemas.size + pages.size === 0) return;
    try {
      const ids = (keys: Map<string, string>, prefix: string) => [...keys.keys()].map((k) => k.slice(prefix.length));
      await syncQueued(this.env, { schemas: ids(schemas, SCHEMA), pages: ids(pages, PAGE) }, () => this.forget(schemas));
      await this.forget(pages);
      await this.ctx.storage.delete(ATTEMPTS);
    } catch (err) {
      await this.retryLater(err, pages);
    }
    const left = await this.pending();
    if (left.pages.length + left.schemas.length > 0 && (await this.ctx.storage.getAlarm()) === null) {
      await this.ctx.storage.setAlarm(Date.now() + debounceMs(this.env));
    }
  }

  /** Drops the keys of a finished run unless they were queued again meanwhile (their mark changed). */
  private async forget(done: Map<string, string>): Promise<void> {
    const now = await this.ctx.storage.get<string>([...done.keys()]);
    const unchanged = [...done].filter(([key, mark]) => now.get(key) === mark).map(([key]) => key);
    if (unchanged.length) await this.ctx.storage.delete(unchanged);
  }

  /** Another sync holds the lock: try again shortly. Anything else: back off, and after MAX_ATTEMPTS drop the batch. */
  private async retryLater(err: unknown, pages: Map<string, string>): Promise<void> {
    if (err instanceof LockBusyError) {
      await this.ctx.storage.setAlarm(Date.now() + LOCK_RETRY_MS);
      return;
    }
    const attempts = ((await this.ctx.storage.get<number>(ATTEMPTS)) ?? 0) + 1;
    if (attempts >= MAX_ATTEMPTS) {
      console.error(`webhook sync: giving up after ${attempts} attempts (the nightly sync will catch up):`, err);
      await this.ctx.storage.delete(ATTEMPTS);
      await this.forget(pages);
      await this.forget(await this.ctx.storage.list<string>({ prefix: SCHEMA }));
      return;
    }
    console.error(`webhook sync: attempt ${attempts} failed, trying again:`, err);
    await this.ctx.storage.put(ATTEMPTS, attempts);
    await this.ctx.storage.setAlarm(Date.now() + Math.max(debounceMs(this.env), 1000) * 2 ** attempts);
  }
}
