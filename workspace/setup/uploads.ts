import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Client } from "@notionhq/client";
import { contentType, IMAGES_DIR } from "../notion-server/files.ts";
import type { UploadImage } from "./demo-values.ts";

/**
 * Uploads bundled demo images through Notion's File Upload API (`POST /v1/file_uploads`, then its `send` with the
 * bytes), each image once however many pages use it: Notion lets one upload be attached many times.
 */
export function imageUploader(notion: Client): { upload: UploadImage; count(): number } {
  const uploads = new Map<string, Promise<string>>();
  const send = async (image: string): Promise<string> => {
    const bytes = await readFile(resolve(IMAGES_DIR, image));
    const type = contentType(image);
    const created = await notion.fileUploads.create({ mode: "single_part", filename: image, content_type: type });
    const sent = await notion.fileUploads.send({
      file_upload_id: created.id,
      file: { filename: image, data: new Blob([new Uint8Array(bytes)], { type }) },
    });
    if (sent.status !== "uploaded") throw new Error(`Notion left the upload of ${image} ${sent.status}`);
    return sent.id;
  };
  return {
    upload(image) {
      let id = uploads.get(image);
      if (!id) {
        id = send(image);
        uploads.set(image, id);
      }
      return id;
    },
    count: () => uploads.size,
  };
}
