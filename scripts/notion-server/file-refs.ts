import { randomUUID } from "node:crypto";
import type { FileSpec } from "./workspace.ts";
import { validationError } from "./errors.ts";
import type { Store } from "./store-types.ts";

type Obj = Record<string, unknown>;

/** Finds the files a request names: a Notion-hosted URL this server issued, or a File Upload by id. */
export type FileRefs = {
  /** The stored file behind a `/files/...` URL of this server, or undefined for any other URL. */
  hosted(url: string): FileSpec | undefined;
  /** An uploaded File Upload as a hosted file (stored once, however often it is attached); refused while pending or unknown. */
  upload(id: string): FileSpec;
};

/** The file references of `store`. */
export function fileRefs(store: Store): FileRefs {
  return {
    hosted(url) {
      const [, files, workspaceId, fileId] = new URL(url, "http://local").pathname.split("/");
      const file = files === "files" && workspaceId === store.workspaceId ? store.files.get(fileId ?? "") : undefined;
      return file ? { image: file.image, name: file.name, id: file.id } : undefined;
    },
    upload(id) {
      const upload = store.uploads.get(id.toLowerCase());
      if (!upload) throw validationError(`Could not find file_upload with ID: ${id}.`);
      if (upload.status !== "uploaded" || !upload.bytes)
        throw validationError(
          `File upload ${id} is ${upload.status}: send its content (POST /v1/file_uploads/${id}/send) before attaching it.`,
        );
      const name = upload.filename ?? "file";
      upload.fileId ??= randomUUID();
      if (!store.files.has(upload.fileId))
        store.files.set(upload.fileId, {
          id: upload.fileId,
          name,
          image: name,
          bytes: upload.bytes,
          contentType: upload.contentType ?? undefined,
        });
      return { image: name, name, id: upload.fileId };
    },
  };
}

/**
 * A file object of a request (a files property entry or an image block): `{type: "file_upload", file_upload: {id}}`, a
 * Notion-hosted file this server issued re-sent as `{type: "file", file: {url}}`, or `{type: "external", external: {url}}`.
 */
export function requestFile(where: string, f: Obj, refs: FileRefs): FileSpec {
  const name = typeof f.name === "string" ? { name: f.name } : {};
  const uploadId = (f.file_upload as Obj | undefined)?.id;
  if (typeof uploadId === "string") return { ...refs.upload(uploadId), ...name };
  const hostedUrl = (f.file as Obj | undefined)?.url;
  const hosted = typeof hostedUrl === "string" ? refs.hosted(hostedUrl) : undefined;
  if (hosted) return { ...hosted, ...name };
  const url = (f.external as Obj | undefined)?.url;
  if (typeof url !== "string")
    throw validationError(`body failed validation: ${where} should be a file_upload, a file this workspace hosts or an external URL.`);
  return { external: url, ...name };
}
