import { Client } from "@notionhq/client";
import type { NotionServer } from "./server.ts";

/** The real @notionhq/client pointed at a local server; no retries and no logging unless asked. */
export function clientFor(server: NotionServer, options: { auth?: string; retry?: boolean } = {}): Client {
  return new Client({
    auth: options.auth ?? server.token,
    baseUrl: server.url,
    retry: options.retry ? { maxRetries: 2, initialRetryDelayMs: 10, maxRetryDelayMs: 2000 } : false,
    logger: () => {},
  });
}

/** Data source ids by title, found through search like the sync does. */
export async function dataSourcesByTitle(notion: Client): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let cursor: string | undefined;
  do {
    const page = await notion.search({ filter: { property: "object", value: "data_source" }, start_cursor: cursor });
    for (const r of page.results) {
      if (r.object === "data_source" && "title" in r) found.set(r.title.map((t) => t.plain_text).join(""), r.id);
    }
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return found;
}
