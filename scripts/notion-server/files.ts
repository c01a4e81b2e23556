import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, resolve, sep } from "node:path";
import type { FileSigner } from "./signing.ts";
import type { Store, StoredFile } from "./store-types.ts";

const TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".txt": "text/plain; charset=utf-8",
};

/** Content-Type for a file name, by extension. */
export function contentType(name: string): string {
  return TYPES[extname(name).toLowerCase()] ?? "application/octet-stream";
}

/** The signed path of a hosted file: `/files/<workspace-id>/<file-id>/<name>`. */
export function filePath(store: Store, file: StoredFile): string {
  return `/files/${store.workspaceId}/${file.id}/${encodeURIComponent(file.name)}`;
}

/**
 * Serves `/files/...` (signed, S3-like errors) and `/public/<image>` (unsigned, like an external host); a workspace's
 * `image` files are read from `imagesDir` (none: every one answers 404).
 */
export async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  store: Store,
  signer: FileSigner,
  imagesDir: string | null,
) {
  if (url.pathname.startsWith("/public/"))
    return sendImage(req, res, imagesDir, decodeURIComponent(url.pathname.slice("/public/".length)), undefined);
  const [, , workspaceId, fileId, name] = url.pathname.split("/");
  const file = store.files.get(fileId ?? "");
  if (!file || workspaceId !== store.workspaceId || decodeURIComponent(name ?? "") !== file.name)
    return s3Error(res, 404, "NoSuchKey", "The specified key does not exist.");
  const check = signer.check(url.pathname, url.searchParams);
  if (check === "expired") return s3Error(res, 403, "AccessDenied", "Request has expired");
  if (check === "bad-signature")
    return s3Error(res, 403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.");
  if (file.bytes) return sendBytes(req, res, file.bytes, file.contentType ?? contentType(file.name), file.name);
  return sendImage(req, res, imagesDir, file.image, file.name);
}

async function sendImage(req: IncomingMessage, res: ServerResponse, imagesDir: string | null, image: string, name: string | undefined) {
  const folder = imagesDir === null ? null : resolve(imagesDir);
  const path = folder === null ? null : resolve(folder, image);
  if (folder === null || path === null || !path.startsWith(folder + sep))
    return s3Error(res, 404, "NoSuchKey", "The specified key does not exist.");
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return s3Error(res, 404, "NoSuchKey", "The specified key does not exist.");
  }
  sendBytes(req, res, bytes, contentType(name ?? image), name);
}

function sendBytes(req: IncomingMessage, res: ServerResponse, bytes: Buffer, type: string, name: string | undefined) {
  res.writeHead(200, {
    "Content-Type": type,
    "Content-Length": bytes.length,
    "Cache-Control": "private, max-age=3600",
    ...(name ? { "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(name)}` } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : bytes);
}

function s3Error(res: ServerResponse, status: number, code: string, message: string) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>DEMO${Date.now().toString(16).toUpperCase()}</RequestId></Error>`;
  res.writeHead(status, { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}
