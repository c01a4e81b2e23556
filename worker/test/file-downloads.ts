import { env } from "cloudflare:test";
import type { SkippedFile } from "#contract/sync-runs";
import type { FileLimits } from "../sync/files/copy-files";
import { mediaIndex } from "./media-index";

/** Limits small enough for a test to pass: 256 KB a file, 1 KB held in memory without Content-Length. */
export const TEST_FILE_LIMITS: FileLimits = { maxBytes: 256 * 1024, maxBuffered: 1024 };

/** `size` bytes (a repeating pattern) in chunks of 4 KB, as a stream; `ended` says when the last chunk was handed out. */
export function downloadBody(size: number, breakAt?: number) {
  const bytes = Uint8Array.from({ length: size }, (_, i) => i % 251);
  let at = 0;
  const state = { ended: false, pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (breakAt !== undefined && at >= breakAt) return controller.error(new Error("connection reset"));
      if (at >= size) {
        state.ended = true;
        return controller.close();
      }
      controller.enqueue(bytes.slice(at, at + 4096));
      at += 4096;
      state.pulled = Math.min(at, size);
    },
  });
  return { bytes, stream, state };
}

/** A FileStore over the test bucket whose downloads answer `res`; `puts` records whether each put came before the body ended. */
export function recordingStore(res: () => Response, ended: () => boolean = () => true) {
  const puts: { key: string; beforeEnd: boolean }[] = [];
  const bucket = {
    put: (key: string, value: ReadableStream | ArrayBufferView, options?: R2PutOptions) => {
      puts.push({ key, beforeEnd: !ended() });
      return env.MEDIA.put(key, value, options);
    },
  } as unknown as R2Bucket;
  const skipped: SkippedFile[] = [];
  return {
    puts,
    files: {
      bucket,
      index: mediaIndex(env.DB),
      db: env.DB,
      download: (async () => res()) as unknown as typeof fetch,
      limits: TEST_FILE_LIMITS,
      skipped,
    },
  };
}
