import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { DatabaseSpecSchema } from "./workspace.ts";
import { parseJson, readBody, sendJson } from "./http.ts";
import type { ServerState } from "./state.ts";
import { addDatabase, addPlainPage, buildStore, removeDatabasesTitled } from "./store.ts";
import { LOCAL_WEBHOOK_TOKEN } from "./webhooks.ts";

const FaultBody = z
  .object({
    status: z.number().int().min(200).max(599),
    times: z.number().int().min(1).default(1),
    skip: z.number().int().min(0).optional(),
    path: z.string().optional(),
    retryAfter: z.number().min(0).optional(),
    code: z.string().optional(),
    message: z.string().optional(),
    body: z.unknown().optional(),
  })
  .refine((f) => f.status >= 400 || f.body !== undefined, {
    message: "a status below 400 needs a body (a malformed answer)",
    path: ["status"],
  });

const WebhookBody = z.object({ url: z.url({ protocol: /^https?$/ }), token: z.string().min(1).default(LOCAL_WEBHOOK_TOKEN) });

const PageBody = z.object({ id: z.string().uuid().optional(), title: z.string() });
const RestoreBody = z.object({ id: z.string().uuid() });

const RateLimitBody = z.object({ requestsPerSecond: z.number().positive().nullable() });

const SearchLagBody = z.object({ seconds: z.number().min(0) });

const DatabaseBody = DatabaseSpecSchema.extend({
  pages: DatabaseSpecSchema.shape.pages.default([]),
  /** Deletes the databases already titled so first: the new one takes the title over instead of sharing it. */
  replace: z.boolean().default(false),
  /** The page it sits under (one `POST /__control/pages` made), listed among that page's child_database blocks. */
  parent: z.string().uuid().optional(),
});

/** Test control over HTTP (no auth): faults, file expiry, reset, stats, extra databases and pages, rate limit. */
export async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, state: ServerState) {
  const route = `${req.method} ${url.pathname.replace(/\/+$/, "")}`;
  const raw = await readBody(req);
  try {
    switch (route) {
      case "GET /__control/stats":
        return sendJson(res, 200, state.stats);
      case "POST /__control/faults": {
        const fault = FaultBody.parse(parseJson(raw));
        state.faults.add(fault);
        return sendJson(res, 200, { ok: true, pending: state.faults.pending() });
      }
      case "DELETE /__control/faults":
        state.faults.clear();
        return sendJson(res, 200, { ok: true, pending: [] });
      case "POST /__control/expire-files":
        state.signer.expireAll();
        return sendJson(res, 200, { ok: true });
      case "POST /__control/reset":
        state.reset();
        return sendJson(res, 200, { ok: true });
      case "POST /__control/rate-limit": {
        const { requestsPerSecond } = RateLimitBody.parse(parseJson(raw));
        state.limiter.setRate(requestsPerSecond);
        return sendJson(res, 200, { ok: true, requestsPerSecond });
      }
      case "POST /__control/search-lag": {
        const { seconds } = SearchLagBody.parse(parseJson(raw));
        state.searchLagMs = seconds * 1000;
        return sendJson(res, 200, { ok: true, seconds });
      }
      case "POST /__control/databases": {
        const { replace, parent, ...spec } = DatabaseBody.parse(parseJson(raw));
        if (parent && !state.store.plainPages.has(parent)) return sendJson(res, 404, { ok: false, error: `No page ${parent}` });
        if (replace) removeDatabasesTitled(state.store, spec.title);
        const db = addDatabase(state.store, spec);
        if (parent) {
          db.parentPageId = parent;
          // Written now, as Notion would date a database made under a page: a search lag hides it.
          db.createdTime = db.lastEditedTime = new Date().toISOString();
        }
        return sendJson(res, 200, { id: db.id, dataSourceId: db.dataSourceId, title: db.title, pageIds: db.pages.map((p) => p.id) });
      }
      case "POST /__control/pages": {
        const { id, title } = PageBody.parse(parseJson(raw));
        const page = addPlainPage(
          state.store,
          { id: id ?? randomUUID(), title },
          { type: "workspace", workspace: true },
          new Date().toISOString(),
        );
        return sendJson(res, 200, { id: page.id, title: page.title });
      }
      case "POST /__control/restore-page": {
        // A row's values as the workspace defines them, out of the trash and edited now (so an incremental sync reads it):
        // how a test puts back a row whose demo values Notion's API would refuse to write (a site-relative link).
        const { id } = RestoreBody.parse(parseJson(raw));
        const page = state.store.pages.get(id);
        const original = buildStore(state.workspace).pages.get(id);
        if (!page || !original) return sendJson(res, 404, { ok: false, error: `No workspace row ${id}` });
        page.values = original.values;
        page.inTrash = false;
        page.lastEditedTime = new Date().toISOString();
        return sendJson(res, 200, { ok: true });
      }
      case "POST /__control/webhook": {
        const { url, token } = WebhookBody.parse(parseJson(raw));
        return sendJson(res, 200, await state.webhooks.subscribe(url, token));
      }
      case "GET /__control/webhook":
        return sendJson(res, 200, state.webhooks.stats());
      case "DELETE /__control/webhook":
        state.webhooks.unsubscribe();
        return sendJson(res, 200, { ok: true });
      default:
        return sendJson(res, 404, { error: `unknown control endpoint ${route}` });
    }
  } catch (error) {
    const message = error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
    return sendJson(res, 400, { error: message });
  }
}
