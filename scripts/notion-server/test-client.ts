import { APIResponseError, Client } from "@notionhq/client";
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

/** The Notion error a call fails with (status, code and message as Notion sends them); fails the test if it succeeds. */
export async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!APIResponseError.isAPIResponseError(error)) throw new Error(`expected a Notion error, got ${String(error)}`);
  return { status: error.status, code: error.code, message: error.message };
}

/** Request rich text of one plain piece. */
export const text = (content: string) => [{ type: "text" as const, text: { content } }];

/** A "Slot Machines" database under `parent` with a title, a dollar number, a two-option select, files and text. */
export async function createSlots(notion: Client, parent: string): Promise<{ id: string; data_sources: { id: string; name: string }[] }> {
  return (await notion.databases.create({
    parent: { type: "page_id", page_id: parent },
    title: text("Slot Machines"),
    initial_data_source: {
      properties: {
        Title: { title: {} },
        Price: { number: { format: "dollar" } },
        Condition: { select: { options: [{ name: "Good" }, { name: "Fair" }] } },
        Photos: { files: {} },
        Notes: { rich_text: {} },
      },
    },
  })) as { id: string; data_sources: { id: string; name: string }[] };
}
