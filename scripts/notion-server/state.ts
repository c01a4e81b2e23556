import type { IncomingMessage } from "node:http";
import type { Workspace } from "./workspace.ts";
import { createFaults, type Faults } from "./faults.ts";
import { filePath } from "./files.ts";
import { createRateLimiter, type RateLimiter } from "./rate-limit.ts";
import type { WorkspaceLimits } from "./handlers/context.ts";
import type { ShapeContext } from "./shapes/context.ts";
import { createSigner, type FileSigner } from "./signing.ts";
import { emptyStats, type Stats } from "./stats.ts";
import { buildStore } from "./store.ts";
import type { Store } from "./store-types.ts";
import { createWebhookSender, type WebhookSender } from "./webhooks.ts";

/** Everything a running server holds: data, token, signer, faults, limiter and counters. */
export type ServerState = {
  workspace: Workspace;
  store: Store;
  token: string;
  signer: FileSigner;
  faults: Faults;
  limiter: RateLimiter;
  stats: Stats;
  /** The webhook subscription (none until one is made): edits send it signed events. */
  webhooks: WebhookSender;
  baseUrl: string;
  /** Folder of the pictures a workspace's `image` files name (none: they answer 404). */
  imagesDir: string | null;
  /** The workspace's own limits (largest file an upload may hold). */
  limits: WorkspaceLimits;
  /** How long an object written stays out of search results (0: search sees everything at once). */
  searchLagMs: number;
  shapeContext(req?: IncomingMessage): ShapeContext;
  reset(): void;
};

/** Creates the state for a server answering at `baseUrl`. */
export function createState(options: {
  workspace: Workspace;
  token: string;
  requestsPerSecond: number | null;
  fileUrlTtlSeconds: number;
  baseUrl: string;
  imagesDir: string | null;
  maxFileUploadBytes: number;
  searchLagSeconds: number;
}): ServerState {
  const store = buildStore(options.workspace);
  const state: ServerState = {
    workspace: options.workspace,
    store,
    token: options.token,
    signer: createSigner(options.fileUrlTtlSeconds),
    faults: createFaults(),
    limiter: createRateLimiter(options.requestsPerSecond),
    stats: emptyStats(),
    webhooks: createWebhookSender(store.workspaceId),
    baseUrl: options.baseUrl,
    imagesDir: options.imagesDir,
    limits: { maxFileUploadBytes: options.maxFileUploadBytes },
    searchLagMs: options.searchLagSeconds * 1000,
    shapeContext(req) {
      // Signed URLs use the host the client reached us by, so they work through any alias of this server.
      const baseUrl = req?.headers.host ? `http://${req.headers.host}` : state.baseUrl;
      return {
        store: state.store,
        baseUrl,
        signFile: (file) => {
          const path = filePath(state.store, file);
          const signed = state.signer.sign(path);
          return { url: `${baseUrl}${path}?${signed.query}`, expiry_time: signed.expiry_time };
        },
      };
    },
    reset() {
      state.store = buildStore(state.workspace);
      state.faults.clear();
      state.stats = emptyStats();
      state.limiter.setRate(options.requestsPerSecond);
      state.searchLagMs = options.searchLagSeconds * 1000;
    },
  };
  return state;
}
