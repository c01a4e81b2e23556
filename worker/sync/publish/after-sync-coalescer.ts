import { DurableObject } from "cloudflare:workers";
import { meterOf } from "../../lib/step-meter";
import { purgeAfterSync, rebuildAfterSync } from "./after-sync";
import { logEvent } from "../../lib/log";

/** Shortest time between two cache purges asked for by webhook batches. */
export const WEBHOOK_AFTER_SYNC_INTERVAL_MS = 30_000;

/** A burst of webhook batches is over once none has ended for this long: its folded rebuild is asked for then. */
export const WEBHOOK_REBUILD_QUIET_MS = 60_000;

/** The longest a folded rebuild waits for its burst to end, so a day of steady editing still goes live every few minutes. */
export const WEBHOOK_REBUILD_MAX_WAIT_MS = 5 * 60_000;

/** What a webhook batch's purge and rebuild request are recorded as. */
const WEBHOOK_REASON = "table:webhook";

const LAST = "last";
const FOLDED = "folded";
const REBUILT = "rebuilt";
const REBUILD_SINCE = "rebuildSince";
const REBUILD_LATEST = "rebuildLatest";

/** What a batch does now: purge the cache, ask for a rebuild (each false when folded into a later one). */
export type Claim = { purge: boolean; rebuild: boolean };

/** The one coalescer every webhook batch asks (one object, so the intervals hold across isolates and locations). */
export function afterSyncCoalescer(env: Env): DurableObjectStub<AfterSyncCoalescer> {
  return env.AFTER_SYNC_COALESCER.get(env.AFTER_SYNC_COALESCER.idFromName("webhook-after-sync"));
}

/**
 * Spaces what follows webhook batches. Cache purges: at least WEBHOOK_AFTER_SYNC_INTERVAL_MS apart, a batch with none
 * in the last interval purging at once, later ones folded into one purge at the interval's end. Site rebuilds (a
 * hosted build each): a batch with none asked for in the last WEBHOOK_REBUILD_QUIET_MS asks at once, so a lone edit
 * goes live without waiting; the batches of a burst after it share one rebuild, asked for once no batch has ended for
 * WEBHOOK_REBUILD_QUIET_MS, or WEBHOOK_REBUILD_MAX_WAIT_MS after the first of them. The object's alarm runs the folded ones.
 */
export class AfterSyncCoalescer extends DurableObject<Env> {
  /** What the calling batch runs now; what it does not is folded (and its alarm set). */
  async claim(): Promise<Claim> {
    const now = Date.now();
    const storage = this.ctx.storage;
    const last = await storage.get<number>(LAST);
    const purge = last === undefined || now - last >= WEBHOOK_AFTER_SYNC_INTERVAL_MS;
    if (purge) await storage.put(LAST, now);
    else await storage.put(FOLDED, true);
    const rebuilt = await storage.get<number>(REBUILT);
    const since = await storage.get<number>(REBUILD_SINCE);
    const rebuild = since === undefined && (rebuilt === undefined || now - rebuilt >= WEBHOOK_REBUILD_QUIET_MS);
    if (rebuild) await storage.put(REBUILT, now);
    else {
      if (since === undefined) await storage.put(REBUILD_SINCE, now);
      await storage.put(REBUILD_LATEST, now);
    }
    await this.arm();
    return { purge, rebuild };
  }

  /** Whether a folded purge waits for the interval's end (for tests). */
  async folded(): Promise<boolean> {
    return (await this.ctx.storage.get<boolean>(FOLDED)) === true;
  }

  /** When the folded rebuild will be asked for, null when none waits. */
  async rebuildDue(): Promise<number | null> {
    const since = await this.ctx.storage.get<number>(REBUILD_SINCE);
    if (since === undefined) return null;
    const latest = (await this.ctx.storage.get<number>(REBUILD_LATEST)) ?? since;
    return Math.min(latest + WEBHOOK_REBUILD_QUIET_MS, since + WEBHOOK_REBUILD_MAX_WAIT_MS);
  }

  /** The earliest folded work's time, as the alarm (none when nothing is folded). */
  private async arm(): Promise<void> {
    const dues: number[] = [];
    if (await this.folded()) dues.push(((await this.ctx.storage.get<number>(LAST)) ?? 0) + WEBHOOK_AFTER_SYNC_INTERVAL_MS);
    const rebuild = await this.rebuildDue();
    if (rebuild !== null) dues.push(rebuild);
    if (dues.length) await this.ctx.storage.setAlarm(Math.min(...dues));
    else await this.ctx.storage.deleteAlarm();
  }

  /**
   * The folded purge (its interval's end always comes before a folded rebuild is due, so the alarm never fires before
   * it), the folded rebuild once due, each counted as the next one's; then the next alarm.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const storage = this.ctx.storage;
    if (await this.folded()) {
      await storage.put(LAST, now);
      await storage.delete(FOLDED);
      await purgeAfterSync(this.env, WEBHOOK_REASON);
    }
    const due = await this.rebuildDue();
    if (due !== null && now >= due) {
      await storage.put(REBUILT, now);
      await storage.delete([REBUILD_SINCE, REBUILD_LATEST]);
      await rebuildAfterSync(this.env, undefined, WEBHOOK_REASON);
    }
    await this.arm();
  }
}

/**
 * A finished webhook batch's cache purge and rebuild request, each at once or folded into the coalescer's later one (see
 * AfterSyncCoalescer). Never throws; a coalescer that cannot be reached lets both run at once.
 */
export async function webhookAfterSync(env: Env): Promise<void> {
  let now: Claim = { purge: true, rebuild: true };
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
  if (now.purge) await purgeAfterSync(env, WEBHOOK_REASON);
  else
    logEvent("after_sync_folded", {
      table: "webhook",
      message: `cache purge folded into one at the end of the ${WEBHOOK_AFTER_SYNC_INTERVAL_MS / 1000} s interval`,
    });
  if (now.rebuild) await rebuildAfterSync(env, undefined, WEBHOOK_REASON);
  else
    logEvent("rebuild_folded", {
      table: "webhook",
      message: `site rebuild folded into one asked for once no batch has ended for ${WEBHOOK_REBUILD_QUIET_MS / 1000} s (at most ${WEBHOOK_REBUILD_MAX_WAIT_MS / 60_000} min)`,
    });
}
