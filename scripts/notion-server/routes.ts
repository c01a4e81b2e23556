import { appendBlockChildren, blockChildren, getBlock } from "./handlers/blocks.ts";
import type { ApiHandler } from "./handlers/context.ts";
import { patchDataSource } from "./handlers/data-source-update.ts";
import { getDatabase, getDataSource, queryDataSource } from "./handlers/databases.ts";
import { getPage, patchPage } from "./handlers/pages.ts";
import { createDatabase, patchDatabase } from "./handlers/database-create.ts";
import { completeFileUpload, createFileUpload, getFileUpload, sendFileUpload } from "./handlers/file-uploads.ts";
import { me } from "./handlers/users.ts";
import { createPage } from "./handlers/page-create.ts";
import { search } from "./handlers/search.ts";

type Route = { method: string; pattern: RegExp; handler: ApiHandler };

const ID = "([^/]+)";

/** The Notion endpoints the local server speaks. */
const ROUTES: Route[] = [
  { method: "POST", pattern: /^\/v1\/search$/, handler: search },
  { method: "POST", pattern: /^\/v1\/databases$/, handler: createDatabase },
  { method: "GET", pattern: new RegExp(`^/v1/databases/${ID}$`), handler: getDatabase },
  { method: "PATCH", pattern: new RegExp(`^/v1/databases/${ID}$`), handler: patchDatabase },
  { method: "GET", pattern: new RegExp(`^/v1/data_sources/${ID}$`), handler: getDataSource },
  { method: "POST", pattern: new RegExp(`^/v1/data_sources/${ID}/query$`), handler: queryDataSource },
  { method: "PATCH", pattern: new RegExp(`^/v1/data_sources/${ID}$`), handler: patchDataSource },
  { method: "POST", pattern: /^\/v1\/pages$/, handler: createPage },
  { method: "GET", pattern: new RegExp(`^/v1/pages/${ID}$`), handler: getPage },
  { method: "PATCH", pattern: new RegExp(`^/v1/pages/${ID}$`), handler: patchPage },
  { method: "GET", pattern: new RegExp(`^/v1/blocks/${ID}/children$`), handler: blockChildren },
  { method: "PATCH", pattern: new RegExp(`^/v1/blocks/${ID}/children$`), handler: appendBlockChildren },
  { method: "GET", pattern: new RegExp(`^/v1/blocks/${ID}$`), handler: getBlock },
  { method: "POST", pattern: /^\/v1\/file_uploads$/, handler: createFileUpload },
  { method: "GET", pattern: new RegExp(`^/v1/file_uploads/${ID}$`), handler: getFileUpload },
  { method: "POST", pattern: new RegExp(`^/v1/file_uploads/${ID}/send$`), handler: sendFileUpload },
  { method: "POST", pattern: new RegExp(`^/v1/file_uploads/${ID}/complete$`), handler: completeFileUpload },
  { method: "GET", pattern: /^\/v1\/users\/me$/, handler: me },
];

/** The handler and path parameters for a request, or null when no endpoint matches. */
export function matchRoute(method: string, path: string): { handler: ApiHandler; params: string[] } | null {
  for (const route of ROUTES) {
    const m = route.pattern.exec(path);
    if (m && route.method === method) return { handler: route.handler, params: m.slice(1) };
  }
  return null;
}
