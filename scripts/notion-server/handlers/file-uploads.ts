import { randomUUID } from "node:crypto";
import { NotionError, notFound, validationError } from "../errors.ts";
import { contentType as typeByName } from "../files.ts";
import { fileUploadObject } from "../shapes/file-upload.ts";
import type { Store, StoredUpload } from "../store-types.ts";
import type { ApiHandler } from "./context.ts";
import { normaliseId } from "./lookup.ts";

/** Notion's limit for a single-part upload. */
const MAX_SINGLE_PART_BYTES = 20 * 1024 * 1024;
/** A pending upload must be sent within this time (Notion: one hour). */
const UPLOAD_TTL_MS = 60 * 60_000;

/** POST /v1/file_uploads: a pending single-part upload (`filename` and `content_type` optional); other modes are not modelled. */
export const createFileUpload: ApiHandler = ({ body, store, shape }) => {
  const mode = body.mode ?? "single_part";
  if (mode !== "single_part")
    throw validationError(`body failed validation: body.mode \`${String(mode)}\` is not modelled by this local server (single_part only).`);
  for (const key of ["filename", "content_type"] as const)
    if (body[key] !== undefined && typeof body[key] !== "string")
      throw validationError(`body failed validation: body.${key} should be a string.`);
  const now = Date.now();
  const upload: StoredUpload = {
    id: randomUUID(),
    createdTime: new Date(now).toISOString(),
    expiryTime: new Date(now + UPLOAD_TTL_MS).toISOString(),
    status: "pending",
    filename: (body.filename as string | undefined) ?? null,
    contentType: (body.content_type as string | undefined) ?? null,
  };
  store.uploads.set(upload.id, upload);
  return fileUploadObject(upload, shape.baseUrl);
};

/** GET /v1/file_uploads/{id}. */
export const getFileUpload: ApiHandler = ({ params, store, shape }) => fileUploadObject(findUpload(store, params[0]), shape.baseUrl);

/**
 * POST /v1/file_uploads/{id}/send: the content as multipart/form-data under `file`. Only a pending upload within its
 * hour takes content; it is then `uploaded`, with the file's name (given at creation, else the part's) and type.
 */
export const sendFileUpload: ApiHandler = async ({ params, raw, contentType, store, shape }) => {
  const upload = findUpload(store, params[0]);
  if (upload.status !== "pending")
    throw validationError(`File upload ${upload.id} is ${upload.status}: only a pending upload can be sent.`);
  if (Date.now() > Date.parse(upload.expiryTime)) throw validationError(`File upload ${upload.id} expired at ${upload.expiryTime}.`);
  if (!contentType.startsWith("multipart/form-data"))
    throw validationError("The content of a file upload must be sent as multipart/form-data.");
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new NotionError(400, "invalid_request", "The multipart/form-data body could not be read.");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw validationError("body failed validation: body.file should be defined, instead was `undefined`.");
  if (file.size > MAX_SINGLE_PART_BYTES)
    throw validationError(
      `body failed validation: body.file is ${file.size} bytes, more than a single-part upload's ${MAX_SINGLE_PART_BYTES}.`,
    );
  const partName = file instanceof File && file.name && file.name !== "blob" ? file.name : null;
  upload.filename ??= partName ?? "file";
  upload.contentType ??= file.type || typeByName(upload.filename);
  upload.bytes = Buffer.from(await file.arrayBuffer());
  upload.status = "uploaded";
  return fileUploadObject(upload, shape.baseUrl);
};

function findUpload(store: Store, raw: string | undefined): StoredUpload {
  const id = normaliseId(raw, "file_upload_id");
  const upload = store.uploads.get(id);
  if (!upload) throw notFound(id, "file_upload");
  return upload;
}
