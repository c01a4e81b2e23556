// The one Notion API version this server speaks; a request naming another is refused as Notion refuses an unknown one.
import { NOTION_VERSION } from "#contract/notion";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NotionError, rateLimited } from "./errors.ts";
import { parseJson, readBytes, sendError, sendJson, sendRaw } from "./http.ts";
import { LIMITS } from "./limits.ts";
import { matchRoute } from "./routes.ts";
import type { ServerState } from "./state.ts";
import { countRequest } from "./stats.ts";

/** Answers one `/v1/...` request: counted, then injected faults, rate limit, auth, version, endpoint. */
export async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, state: ServerState) {
  const method = req.method ?? "GET";
  countRequest(state.stats, url.pathname);
  const raw = await readBytes(req);
  const contentType = req.headers["content-type"] ?? "";
  try {
    const fault = state.faults.take(method, url.pathname);
    if (fault instanceof NotionError) throw fault;
    if (fault) return sendRaw(res, fault.status, fault.body);
    const wait = state.limiter.take();
    if (wait > 0) {
      state.stats.rateLimited += 1;
      throw rateLimited(wait);
    }
    if (req.headers.authorization !== `Bearer ${state.token}`) throw new NotionError(401, "unauthorized", "API token is invalid.");
    const version = req.headers["notion-version"];
    if (!version) {
      throw new NotionError(
        400,
        "missing_version",
        "Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.",
      );
    }
    if (version !== NOTION_VERSION) {
      throw new NotionError(
        400,
        "validation_error",
        `Notion-Version header failed validation: Notion-Version header should be \`${NOTION_VERSION}\`, instead was \`${version}\`.`,
      );
    }
    const route = matchRoute(method, url.pathname);
    if (!route) throw new NotionError(400, "invalid_request_url", "Invalid request URL.");
    // A file upload's content comes as multipart/form-data: its handler reads the raw bytes.
    const json = method !== "GET" && method !== "HEAD" && !contentType.startsWith("multipart/form-data");
    if (json && raw.length > LIMITS.payloadBytes)
      throw new NotionError(
        400,
        "validation_error",
        `Request body is ${raw.length} bytes, more than the ${LIMITS.payloadBytes / 1000} KB one request may carry.`,
      );
    const body = json ? parseJson(raw.toString("utf8")) : {};
    const result = await route.handler({
      method,
      params: route.params,
      body,
      raw,
      contentType,
      query: url.searchParams,
      store: state.store,
      shape: state.shapeContext(req),
      webhooks: state.webhooks,
      limits: state.limits,
      searchLagMs: state.searchLagMs,
    });
    sendJson(res, 200, result);
  } catch (error) {
    sendError(res, error);
  }
}
