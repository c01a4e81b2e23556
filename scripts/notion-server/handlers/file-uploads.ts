import { randomUUID } from "node:crypto";
import { NotionError, notFound, validationError } from "../errors.ts";
import { contentType as typeByName } from "../files.ts";
import { LIMITS } from "../limits.ts";
import { fileUploadObject } from "../shapes/file-upload.ts";
import type { Store, StoredUpload } from "../store-types.ts";
import type { ApiHandler } from "./context.ts";
import { normaliseId } from "./lookup.ts";

/** A pending upload must be sent within this time (Notion: one hour). */
const UPLOAD_TTL_MS = 60 * 60_000;

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/**
 * POST /v1/file_uploads: a pending upload, `single_part` (the default; `filename` and `content_type` optional) or
 * `multi_part` (`filename` and `number_of_parts`, 1 to 1,000, required); `external_url` imports are not modelled.
 */
export const createFileUpload: ApiHandler = ({ body, store, shape }) => {
  const mode = body.mode ?? "single_part";
  if (mode !== "single_part" && mode !== "multi_part")
    throw validationError(
      `body failed validation: body.mode \`${String(mode)}\` is not modelled by this local server (single_part, multi_part).`,
    );
  for (const key of ["filename", "content_type"] as const)
    if (body[key] !== undefined && typeof body[key] !== "string")
      throw validationError(`body failed validation: body.${key} should be a string.`);
  let parts: number | undefined;
  if (mode === "multi_part") {
    if (typeof body.filename !== "string")
      throw validationError("body failed validation: body.filename should be defined for a multi_part upload.");
    parts = body.number_of_parts as number;
    if (!Number.isInteger(parts) || parts < 1 || parts > LIMITS.parts)
      throw validationError(
        `body failed validation: body.number_of_parts should be an integer from 1 to ${LIMITS.parts}, instead was \`${JSON.stringify(body.number_of_parts)}\`.`,
      );
  }
  const now = Date.now();
  const upload: StoredUpload = {
    id: randomUUID(),
    mode,
    createdTime: new Date(now).toISOString(),
    expiryTime: new Date(now + UPLOAD_TTL_MS).toISOString(),
    status: "pending",
    filename: (body.filename as string | undefined) ?? null,
    contentType: (body.content_type as string | undefined) ?? null,
    ...(parts ? { numberOfParts: parts, parts: new Map() } : {}),
  };
  store.uploads.set(upload.id, upload);
  return fileUploadObject(upload, shape.baseUrl);
};

/** GET /v1/file_uploads/{id}. */
export const getFileUpload: ApiHandler = ({ params, store, shape }) => fileUploadObject(findUpload(store, params[0]), shape.baseUrl);

/**
 * POST /v1/file_uploads/{id}/send: the content as multipart/form-data under `file`. Only a pending upload within its
 * hour takes content. A single-part upload takes at most 20 MB and is then `uploaded`, with the file's name (given at
 * creation, else the part's) and type; a multi-part one takes each part under its `part_number` (5 to 20 MB, the last
 * part smaller) until it is completed. No file may exceed the workspace's own limit.
 */
export const sendFileUpload: ApiHandler = async ({ params, raw, contentType, store, shape, limits }) => {
  const upload = pending(findUpload(store, params[0]));
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
  if (file.size > LIMITS.singlePartBytes)
    throw validationError(
      `body failed validation: body.file is ${file.size} bytes, more than the ${mib(LIMITS.singlePartBytes)} one request takes: send a larger file as a multi_part upload.`,
    );
  const bytes = Buffer.from(await file.arrayBuffer());
  if (upload.mode === "multi_part") {
    const part = Number(form.get("part_number"));
    if (!Number.isInteger(part) || part < 1 || part > upload.numberOfParts!)
      throw validationError(
        `body failed validation: body.part_number should be from 1 to ${upload.numberOfParts}, instead was \`${String(form.get("part_number"))}\`.`,
      );
    if (part < upload.numberOfParts! && bytes.length < LIMITS.partMinBytes)
      throw validationError(`body failed validation: part ${part} is ${bytes.length} bytes; every part but the last takes 5 to 20 MiB.`);
    upload.parts!.set(part, bytes);
    return fileUploadObject(upload, shape.baseUrl);
  }
  withinWorkspaceLimit(bytes.length, limits.maxFileUploadBytes);
  const partName = file instanceof File && file.name && file.name !== "blob" ? file.name : null;
  upload.filename ??= partName ?? "file";
  upload.contentType ??= file.type || typeByName(upload.filename);
  upload.bytes = bytes;
  upload.status = "uploaded";
  return fileUploadObject(upload, shape.baseUrl);
};

/** POST /v1/file_uploads/{id}/complete: a multi-part upload whose every part was sent becomes `uploaded`. */
export const completeFileUpload: ApiHandler = ({ params, store, shape, limits }) => {
  const upload = pending(findUpload(store, params[0]));
  if (upload.mode !== "multi_part")
    throw validationError(`File upload ${upload.id} is single_part: it completes when its content is sent.`);
  const missing = Array.from({ length: upload.numberOfParts! }, (_, i) => i + 1).filter((n) => !upload.parts!.has(n));
  if (missing.length)
    throw validationError(`File upload ${upload.id} lacks parts ${missing.join(", ")}: send every part before completing it.`);
  const bytes = Buffer.concat([...upload.parts!.entries()].sort(([a], [b]) => a - b).map(([, part]) => part));
  withinWorkspaceLimit(bytes.length, limits.maxFileUploadBytes);
  upload.bytes = bytes;
  upload.contentType ??= typeByName(upload.filename ?? "");
  upload.status = "uploaded";
  return fileUploadObject(upload, shape.baseUrl);
};

/** A file larger than the workspace's own limit per file is refused (the bot user's `workspace_limits` tells it). */
function withinWorkspaceLimit(size: number, max: number): void {
  if (size > max)
    throw validationError(
      `The file is ${size} bytes, more than the ${mib(max)} this workspace takes per file (max_file_upload_size_in_bytes).`,
    );
}

/** The upload when it may still take content: pending and within its hour. */
function pending(upload: StoredUpload): StoredUpload {
  if (upload.status !== "pending")
    throw validationError(`File upload ${upload.id} is ${upload.status}: only a pending upload can be sent.`);
  if (Date.now() > Date.parse(upload.expiryTime)) throw validationError(`File upload ${upload.id} expired at ${upload.expiryTime}.`);
  return upload;
}

function findUpload(store: Store, raw: string | undefined): StoredUpload {
  const id = normaliseId(raw, "file_upload_id");
  const upload = store.uploads.get(id);
  if (!upload) throw notFound(id, "file_upload");
  return upload;
}
