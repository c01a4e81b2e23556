import type { ShapeContext } from "../shapes/context.ts";
import type { Store } from "../store-types.ts";
import type { WebhookSender } from "../webhooks.ts";

/** What an API handler receives: path parameters, parsed body (or the raw bytes of a multipart one), query string and serializer context. */
type ApiRequest = {
  method: string;
  params: string[];
  body: Record<string, unknown>;
  raw: Buffer;
  contentType: string;
  query: URLSearchParams;
  store: Store;
  shape: ShapeContext;
  webhooks: WebhookSender;
  /** The workspace's own limits (the bot user's `workspace_limits`). */
  limits: WorkspaceLimits;
  /** How long an object written stays out of search results. */
  searchLagMs: number;
};

/** A workspace's own limits, as Notion reports them on the bot user. */
export type WorkspaceLimits = { maxFileUploadBytes: number };

/** An API handler returns (or resolves to) the JSON body of a 200 answer, or throws a NotionError. */
export type ApiHandler = (req: ApiRequest) => unknown;
