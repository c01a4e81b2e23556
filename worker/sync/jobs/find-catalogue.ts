import type { Client } from "@notionhq/client";
import { catalogueParent } from "#contract/notion-check";
import { readSetting, writeSetting } from "../../data/site-settings";
import { logEvent } from "../../lib/log";
import { findDataSources, type FoundDataSources } from "../../notion/find-databases";
import { listEntries } from "../../tables/registry";
import { CONTRACT_DATABASES } from "../mapping/workspace";

/**
 * The catalogue's data sources for a sync: under the page the worker keeps (`notionParentPageId`), each through the data
 * source id recorded when it was last synced, then by search for the rest. When the worker keeps no page yet, or none
 * of the databases is under the one it keeps, it learns the page most of them sit under.
 */
export async function findCatalogue(env: Env, notion: Client): Promise<FoundDataSources> {
  const [parentPageId, entries] = await Promise.all([readSetting(env.DB, "notionParentPageId"), listEntries(env.DB)]);
  const known = entries.flatMap((e) =>
    e.databaseId && e.dataSourceId ? [{ databaseId: e.databaseId, dataSourceId: e.dataSourceId }] : [],
  );
  const found = await findDataSources(notion, { parentPageId, titles: CONTRACT_DATABASES.map((db) => db.title), known });
  await learnParent(env.DB, parentPageId, found);
  return found;
}

async function learnParent(db: D1Database, kept: string | null, found: FoundDataSources): Promise<void> {
  const sources = [...found.values()].flat();
  const learnt = catalogueParent(sources)?.replace(/-/g, "").toLowerCase() ?? null;
  if (!learnt || learnt === kept) return;
  // The page kept holds part of the catalogue: it stays (databases elsewhere are found by search).
  if (kept && sources.some((s) => s.foundBy === "page")) return;
  await writeSetting(db, "notionParentPageId", learnt);
  logEvent("notion_parent_learnt", {
    pageId: learnt,
    message: "the catalogue's databases sit under this page: later syncs find them there first, without Notion's search",
  });
}
