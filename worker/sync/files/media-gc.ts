import { expiredMediaFiles, forgetMediaFiles, listMediaFiles, markMediaFiles } from "../../data/media-files";
import { referencedMediaKeys } from "../../data/media-references";
import { variantKeys } from "../../data/media-variants";
import { SYNC_LOCK, withLock } from "../../tables/lock";
import { logEvent } from "../../lib/log";

/** How long a copied file no row refers to stays in R2: a row edited back within a week finds its file still there. */
export const MEDIA_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
/** Keys R2 deletes in one call at most. */
const R2_DELETE_MAX = 1000;
/** Files per delete batch (R2's own maximum keys per call). */
const MEDIA_DELETE_BATCH = 1000;
/** Delete calls per run, so one run stays within a Worker's subrequest budget; the rest wait for the next night. */
const MEDIA_DELETE_BATCHES_PER_RUN = 10;

/** What one pass of the media GC did. */
export type MediaGcOutcome = { referenced: number; newlyUnreferenced: number; referencedAgain: number; deleted: number };

/** Tunables, for tests. */
export type MediaGcOptions = { now?: number; graceMs?: number; batchSize?: number; maxBatches?: number };

/**
 * Removes from R2 (and from `media_files`) the copied files no `notion_*` row has referred to for MEDIA_GRACE_MS:
 * marks files that lost their last reference, clears the mark of files referenced again, then deletes expired ones in
 * batches of MEDIA_DELETE_BATCH keys (R2 first, then their rows, so a failed R2 delete is retried the next night).
 * Holds the sync lock, so no sync adds a reference between the check and the delete. Run nightly, before the cron starts the sync run.
 */
export async function collectMediaGarbage(env: Env, options: MediaGcOptions = {}): Promise<MediaGcOutcome> {
  const { now = Date.now(), graceMs = MEDIA_GRACE_MS, batchSize = MEDIA_DELETE_BATCH, maxBatches = MEDIA_DELETE_BATCHES_PER_RUN } = options;
  return withLock(env.DB, SYNC_LOCK, async () => {
    const [referenced, files] = await Promise.all([referencedMediaKeys(env.DB), listMediaFiles(env.DB)]);
    const newlyUnreferenced = files.filter((f) => f.unreferenced_since === null && !referenced.has(f.key)).map((f) => f.key);
    const referencedAgain = files.filter((f) => f.unreferenced_since !== null && referenced.has(f.key)).map((f) => f.key);
    await markMediaFiles(env.DB, newlyUnreferenced, referencedAgain, now);
    let deleted = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const expired = await expiredMediaFiles(env.DB, now - graceMs, batchSize);
      if (expired.length === 0) break;
      await env.MEDIA.delete(expired);
      // Resized copies live under a prefix derived from their file's key, recorded nowhere else: they go with it.
      const copies = expired.flatMap(variantKeys);
      for (let i = 0; i < copies.length; i += R2_DELETE_MAX) await env.MEDIA.delete(copies.slice(i, i + R2_DELETE_MAX));
      await forgetMediaFiles(env.DB, expired);
      deleted += expired.length;
      if (expired.length < batchSize) break;
    }
    const outcome = {
      referenced: referenced.size,
      newlyUnreferenced: newlyUnreferenced.length,
      referencedAgain: referencedAgain.length,
      deleted,
    };
    logEvent("media_gc", outcome);
    return outcome;
  });
}
