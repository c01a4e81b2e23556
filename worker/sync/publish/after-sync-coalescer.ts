import { DurableObject } from "cloudflare:workers";
import { meterOf } from "../../lib/step-meter";
import { afterSync, type SyncSummary } from "./after-sync";
import { logEvent } from "../../lib/log";

/** Shortest time between two cache purges and deploy-hook calls asked for by webhook batches. */
export const WEBHOOK_AFTER_SYNC_INTERVAL_MS = 30_000;

/** What a webhook batch's purge and rebuild request are recorded as (`table:webhook`). */
const WEBHOOK_SUMMARY: SyncSummary = { kind: "table", target: "webhook" };

const LAST = "last";
const FOLDED = "folded";

/** The one coalescer every webhook batch asks (one object, so the interval holds across isolates and locations). */
export function afterSyncCoalescer(env: Env): DurableObjectStub<AfterSyncCoalescer> {
  return env.AFTER_SYNC_COALESCER.get(env.AFTER_SYNC_COALESCER.idFromName("webhook-after-sync"));
}

/**
 * Spaces the cache purges and deploy-hook calls of webhook batches at least WEBHOOK_AFTER_SYNC_INTERVAL_MS apart: a
 * batch with none in the last interval has its own at once (`claim` says so, and the batch runs it), so a lone edit
 * goes live without waiting; batches ending within the interval are folded into one at its end (the object's alarm).
 */
export class AfterSyncCoalescer extends DurableObject<Env> {
  /** True when the caller should purge and ask for a rebuild now (counted as this interval's); false when it is folded into the one at the interval's end. */
  async claim(): Promise<boolean> {
    const now = Date.now();
    const last = await this.ctx.storage.get<number>(LAST);
    if (last === undefined || now - last >= WEBHOOK_AFTER_SYNC_INTERVAL_MS) {
      await this.ctx.storage.put(LAST, now);
      return true;
    }
    await this.ctx.storage.put(FOLDED, true);
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(last + WEBHOOK_AFTER_SYNC_INTERVAL_MS);
    return false;
  }

  /** Whether a folded purge and rebuild wait for the interval's end (for the admin panel and tests). */
  async folded(): Promise<boolean> {
    return (await this.ctx.storage.get<boolean>(FOLDED)) === true;
  }

  /** The interval's end: the folded batches' one purge and rebuild request, counted as the next interval's. */
  override async alarm(): Promise<void> {
    if (!(await this.folded())) return;
    await this.ctx.storage.put(LAST, Date.now());
    await this.ctx.storage.delete(FOLDED);
    await afterSync(this.env, undefined, WEBHOOK_SUMMARY);
  }
}

/**
 * A finished webhook batch's cache purge and rebuild request: at once when none ran in the last interval, else folded
 * into the coalescer's one at the interval's end. Never throws; a coalescer that cannot be reached lets it run at once.
 */
export async function webhookAfterSync(env: Env): Promise<void> {
  let now = true;
  try {
    const meter = meterOf(env);
    if (meter) meter.used++;
    now = await afterSyncCoalescer(env).claim();
  } catch (error) {
    logEvent("after_sync_unreachable", {
      table: "webhook",
      message: "the coalescer could not be reached; purging and rebuilding at once",
      error,
    });
  }
  if (now) await afterSync(env, undefined, WEBHOOK_SUMMARY);
  else
    logEvent("after_sync_folded", {
      table: "webhook",
      message: `folded into one purge and rebuild at the end of the ${WEBHOOK_AFTER_SYNC_INTERVAL_MS / 1000} s interval`,
    });
}
