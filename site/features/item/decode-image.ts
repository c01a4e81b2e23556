const decoding = new Map<string, Promise<void>>();

/**
 * Loads and decodes the image at `url` once (however often asked), so an `<img>` switched to it paints at once instead
 * of flashing empty; resolves when it is ready or has failed (a failed image then shows its own fallback).
 */
export function decodeImage(url: string): Promise<void> {
  let ready = decoding.get(url);
  if (!ready) {
    const image = new Image();
    image.decoding = "async";
    image.src = url;
    ready = image.decode().catch(() => undefined);
    decoding.set(url, ready);
  }
  return ready;
}
