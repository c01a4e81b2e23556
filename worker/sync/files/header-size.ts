import { headerBytesWanted, imageSize, type Size } from "#contract/image-size";

/** A pass-through stream that reads an image's size from the first bytes flowing through it. */
export type SizeReader = { stream: TransformStream<Uint8Array, Uint8Array>; size: () => Size | null };

/** A usable size: positive pixels within what any browser draws (a damaged header can claim 0 or 4 billion). */
function plausible(size: Size | null): Size | null {
  const ok = (n: number) => Number.isFinite(n) && n > 0 && n <= 1_000_000;
  return size && ok(size.width) && ok(size.height) ? size : null;
}

/** The size of an image already in memory, read from its header; null when it is no known image. */
export function sizeOfBytes(bytes: Uint8Array): Size | null {
  return plausible(imageSize(bytes.subarray(0, headerBytesWanted(bytes))));
}

/**
 * Reads the size of an image as it streams past: chunks go on unchanged, and only the header's first bytes are kept
 * (at most what `headerBytesWanted` asks for, then nothing more), so no file is held in memory whole.
 */
export function sizeReader(): SizeReader {
  let head = new Uint8Array(0);
  let size: Size | null = null;
  let done = false;
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (!done) {
        const joined = new Uint8Array(head.length + chunk.length);
        joined.set(head);
        joined.set(chunk, head.length);
        const wanted = headerBytesWanted(joined);
        head = joined.slice(0, wanted);
        size = plausible(imageSize(head));
        done = size !== null || head.length >= wanted;
        if (done) head = new Uint8Array(0);
      }
      controller.enqueue(chunk);
    },
  });
  return { stream, size: () => size };
}
