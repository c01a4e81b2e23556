import type { Client } from "@notionhq/client";
import { PUBLISHED_PROPERTY } from "#contract/notion-layout";
import { propKey } from "#contract/notion-names";
import type { SetupTarget } from "./databases.ts";

/** What one share of `publishExisting` did: rows ticked now, and whether unticked rows from before the plan remain. */
export type PublishOutcome = { title: string; published: number; remaining: boolean };

/** Options of a share: at most `maxPages` rows ticked this time (a workflow step's share). */
export type PublishOptions = { maxPages?: number };

/**
 * Ticks Published on the rows a database held before setup added the property to it (created on or before `before`,
 * the plan's time) that are still unticked, at most `maxPages` of them: a new checkbox starts unticked, so without this
 * adding it would turn every row into a draft and take it off the site. A row created later keeps its own box. Each
 * share asks Notion afresh for the unticked rows, so running it again (a retried step) ticks nothing twice.
 */
export async function publishExisting(
  notion: Client,
  target: SetupTarget,
  before: string,
  { maxPages = Infinity }: PublishOptions = {},
): Promise<PublishOutcome> {
  const property = Object.values(target.schema).find((p) => p.type === "checkbox" && propKey(p.name) === propKey(PUBLISHED_PROPERTY));
  if (!property) return { title: target.title, published: 0, remaining: false };
  let published = 0;
  while (published < maxPages) {
    const page = await notion.dataSources.query({
      data_source_id: target.dataSourceId,
      page_size: Math.min(100, maxPages - published),
      filter: {
        and: [
          { property: property.name, checkbox: { equals: false } },
          { timestamp: "created_time", created_time: { on_or_before: before } },
        ],
      },
    });
    if (page.results.length === 0) return { title: target.title, published, remaining: false };
    for (const row of page.results) {
      await notion.pages.update({ page_id: row.id, properties: { [property.name]: { checkbox: true } } });
      published += 1;
    }
    if (!page.has_more) return { title: target.title, published, remaining: false };
  }
  return { title: target.title, published, remaining: true };
}

/** The line setup prints for it: `Slot Machines: Published ticked on its 15 rows already there, so they stay on the site`. */
export function publishLine(outcome: Pick<PublishOutcome, "title" | "published">): string {
  const rows = `${outcome.published} ${outcome.published === 1 ? "row" : "rows"}`;
  return `${outcome.title}: Published ticked on its ${rows} already there, so they stay on the site`;
}
