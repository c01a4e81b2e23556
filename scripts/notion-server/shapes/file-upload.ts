import type { StoredUpload } from "../store-types.ts";
import { BOT_USER_ID } from "./users.ts";

/** A File Upload object in Notion's shape; a pending one carries the `upload_url` its content is sent to. */
export function fileUploadObject(upload: StoredUpload, baseUrl: string) {
  return {
    object: "file_upload",
    id: upload.id,
    created_time: upload.createdTime,
    created_by: { id: BOT_USER_ID, type: "bot" },
    last_edited_time: upload.createdTime,
    in_trash: false,
    archived: false,
    expiry_time: upload.status === "pending" ? upload.expiryTime : null,
    status: upload.status,
    filename: upload.filename,
    content_type: upload.contentType,
    content_length: upload.bytes?.length ?? null,
    ...(upload.status === "pending" ? { upload_url: `${baseUrl}/v1/file_uploads/${upload.id}/send` } : {}),
    ...(upload.mode === "multi_part"
      ? {
          number_of_parts: { total: upload.numberOfParts, sent: upload.parts?.size ?? 0 },
          ...(upload.status === "pending" ? { complete_url: `${baseUrl}/v1/file_uploads/${upload.id}/complete` } : {}),
        }
      : {}),
  };
}
