import type { Client } from "@notionhq/client";
import type { UploadImage } from "./request-values.ts";
import { SetupError } from "./setup-error.ts";

/** The bytes of one of the demo's pictures, by file name: read from disk by the CLI, fetched from the site's static files by the worker. */
export type DemoImageBytes = (name: string) => Promise<Blob>;

/** Notion's largest single-part upload; a bigger file goes up in parts, which setup never needs for its pictures. */
const SINGLE_PART_MAX_BYTES = 20 * 1024 * 1024;

const TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp" };

/** A picture's content type by its file name. */
const typeOf = (name: string) => TYPES[name.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";

/** Uploads of demo pictures: each uploaded once however many pages use it, `known` (picture -> upload id) reused as it is. */
export type ImageUploader = { upload: UploadImage; has(image: string): boolean; count(): number; ids(): Promise<Record<string, string>> };

/**
 * Uploads demo pictures through Notion's File Upload API (`POST /v1/file_uploads`, then its `send` with the bytes). Notion
 * lets one upload be attached many times, so `known` uploads (attached by an earlier step) are reused.
 */
export function imageUploader(notion: Client, bytesOf: DemoImageBytes, known: Record<string, string> = {}): ImageUploader {
  const uploads = new Map<string, Promise<string>>(Object.entries(known).map(([image, id]) => [image, Promise.resolve(id)]));
  let sent = 0;
  const send = async (image: string): Promise<string> => {
    const blob = await bytesOf(image);
    if (blob.size > SINGLE_PART_MAX_BYTES) throw new SetupError(`The picture ${image} is larger than the 20 MB setup uploads in one part.`);
    const type = blob.type || typeOf(image);
    const created = await notion.fileUploads.create({ mode: "single_part", filename: image, content_type: type });
    const done = await notion.fileUploads.send({ file_upload_id: created.id, file: { filename: image, data: new Blob([blob], { type }) } });
    if (done.status !== "uploaded") throw new Error(`Notion left the upload of ${image} ${done.status}`);
    sent += 1;
    return done.id;
  };
  return {
    upload(image) {
      let id = uploads.get(image);
      if (!id) uploads.set(image, (id = send(image)));
      return id;
    },
    has: (image) => uploads.has(image),
    count: () => sent,
    ids: async () => Object.fromEntries(await Promise.all([...uploads].map(async ([image, id]) => [image, await id] as const))),
  };
}
