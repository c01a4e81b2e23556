import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DatabaseSpecSchema, parseWorkspace, type DatabaseSpec, type Workspace } from "./workspace.ts";
import { handleApi } from "./api.ts";
import { handleControl } from "./control.ts";
import type { Fault } from "./faults.ts";
import { serveFile } from "./files.ts";
import { NotionError } from "./errors.ts";
import { sendError, sendJson, sendRaw } from "./http.ts";
import { createState, type ServerState } from "./state.ts";
import type { Stats } from "./stats.ts";
import { addDatabase, addPlainPage } from "./store.ts";
import { LOCAL_WEBHOOK_TOKEN, type SubscribeResult } from "./webhooks.ts";

/** Options of the local Notion server: the workspace it serves, chosen by its caller; every other one has a default. */
export type NotionServerOptions = {
  /** What it serves (checked by `parseWorkspace`; `emptyWorkspace()` for none), restored by a reset. */
  workspace: Workspace;
  port?: number;
  host?: string;
  token?: string;
  /** Folder of the pictures the workspace's `image` files and `$SERVER/public/...` URLs name. */
  imagesDir?: string;
  /** The workspace's largest uploaded file (default 5 MiB); the bot user reports it as `max_file_upload_size_in_bytes`. */
  maxFileUploadBytes?: number;
  /** Seconds an object written stays out of search results, as Notion's indexing lags (default 0: off). */
  searchLagSeconds?: number;
  requestsPerSecond?: number | null;
  fileUrlTtlSeconds?: number;
};

/** A running local Notion server and its in-process controls (the same as the HTTP `/__control/` API). */
export type NotionServer = {
  url: string;
  token: string;
  close(): Promise<void>;
  stats(): Stats;
  resetStats(): void;
  reset(): void;
  injectFault(fault: Partial<Fault> & { status: number }): void;
  expireFiles(): void;
  setRateLimit(requestsPerSecond: number | null): void;
  /** Keeps objects out of search for `seconds` after they are written (0: off), as `POST /__control/search-lag` does. */
  setSearchLag(seconds: number): void;
  addDatabase(spec: DatabaseSpec): { id: string; dataSourceId: string; pageIds: string[] };
  /** Adds an empty page at the top of the workspace (one a dealer shares with the integration), as `POST /__control/pages` does; answers its id. */
  addPage(title: string): string;
  /** Subscribes `url` to webhook events (verification request first), as `POST /__control/webhook` does. */
  subscribeWebhook(url: string, token?: string): Promise<SubscribeResult>;
};

/**
 * Starts a Notion-compatible server (API 2025-09-03) on `host:port` (default 127.0.0.1, a free port) serving
 * `workspace`; rejects, naming what does not fit, a workspace outside the server's format.
 */
export async function startNotionServer(opts: NotionServerOptions): Promise<NotionServer> {
  const host = opts.host ?? "127.0.0.1";
  const state = createState({
    workspace: parseWorkspace(opts.workspace),
    token: opts.token ?? "demo-token",
    requestsPerSecond: opts.requestsPerSecond ?? null,
    fileUrlTtlSeconds: opts.fileUrlTtlSeconds ?? 3600,
    baseUrl: "",
    imagesDir: opts.imagesDir ?? null,
    maxFileUploadBytes: opts.maxFileUploadBytes ?? 5 * 1024 * 1024,
    searchLagSeconds: opts.searchLagSeconds ?? 0,
  });
  const server = createServer((req, res) => {
    dispatch(req, res, state).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { object: "error", status: 500, code: "internal_server_error", message: String(error) });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  state.baseUrl = url;
  return {
    url,
    token: state.token,
    subscribeWebhook: (webhookUrl, token = LOCAL_WEBHOOK_TOKEN) => state.webhooks.subscribe(webhookUrl, token),
    close: () =>
      new Promise((resolve) => {
        state.webhooks.unsubscribe();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    stats: () => structuredClone(state.stats),
    resetStats: () => {
      state.stats.requests = 0;
      state.stats.byPath = {};
      state.stats.rateLimited = 0;
      state.stats.fileDownloads = 0;
    },
    reset: () => state.reset(),
    injectFault: (fault) => state.faults.add({ times: 1, ...fault }),
    expireFiles: () => state.signer.expireAll(),
    setRateLimit: (rps) => state.limiter.setRate(rps),
    setSearchLag: (seconds) => {
      state.searchLagMs = seconds * 1000;
    },
    addPage: (title) =>
      addPlainPage(state.store, { id: randomUUID(), title }, { type: "workspace", workspace: true }, new Date().toISOString()).id,
    addDatabase: (spec) => {
      const db = addDatabase(state.store, DatabaseSpecSchema.parse(spec));
      return { id: db.id, dataSourceId: db.dataSourceId, pageIds: db.pages.map((p) => p.id) };
    },
  };
}

/** Routes a request: the Notion API, test control, or file downloads (neither counted nor rate limited; a fault naming their path applies). */
async function dispatch(req: IncomingMessage, res: ServerResponse, state: ServerState) {
  const url = new URL(req.url ?? "/", "http://local");
  if (url.pathname.startsWith("/v1/")) return handleApi(req, res, url, state);
  if (url.pathname.startsWith("/__control/")) return handleControl(req, res, url, state);
  if (url.pathname.startsWith("/files/") || url.pathname.startsWith("/public/")) {
    state.stats.fileDownloads += 1;
    const fault = state.faults.take(req.method ?? "GET", url.pathname, true);
    if (fault instanceof NotionError) return sendError(res, fault);
    if (fault) return sendRaw(res, fault.status, fault.body);
    return serveFile(req, res, url, state.store, state.signer, state.imagesDir);
  }
  sendJson(res, 400, { object: "error", status: 400, code: "invalid_request_url", message: "Invalid request URL." });
}
