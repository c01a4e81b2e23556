import type { IncomingMessage, ServerResponse } from "node:http";
import { errorBody, NotionError } from "./errors.ts";

/** Reads a whole request body as bytes. */
export async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Reads a whole request body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readBytes(req)).toString("utf8");
}

/** Parses a request body as a JSON object; empty gives `{}`; bad JSON is Notion's 400 invalid_json. */
export function parseJson(raw: string): Record<string, unknown> {
  const text = raw.trim();
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the invalid_json answer
  }
  throw new NotionError(400, "invalid_json", "Error parsing JSON body.");
}

/** Sends a JSON response. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Sends `body` as it is: a string as text, anything else as JSON (for injected malformed answers). */
export function sendRaw(res: ServerResponse, status: number, body: unknown) {
  if (typeof body !== "string") return sendJson(res, status, body);
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/** Sends a NotionError (or any thrown value as a 500) in Notion's error shape. */
export function sendError(res: ServerResponse, error: unknown) {
  const e =
    error instanceof NotionError
      ? error
      : new NotionError(500, "internal_server_error", error instanceof Error ? error.message : String(error));
  sendJson(res, e.status, errorBody(e), e.headers);
}
