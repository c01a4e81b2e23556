import type { NotionCheck } from "#contract/admin-api";
import { checkWorkspace, recommendWorkspace } from "#contract/notion-check";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { titleKey } from "#contract/notion-names";
import { notionRun } from "../../notion/client";
import { findDataSources, seenDatabases } from "../../notion/find-databases";

/**
 * The workspace check: the layout's databases found as the sync finds them (under the catalogue's page `parentPageId`,
 * then by search; nothing cached), how each was found, every problem with its fix, and what it recommends besides.
 */
export async function checkCatalogue(env: Env, parentPageId: string | null): Promise<NotionCheck> {
  const titles = NOTION_LAYOUT.map((db) => db.title);
  const found = await findDataSources(notionRun(env).notion, { parentPageId, titles });
  const findings = checkWorkspace(seenDatabases(found));
  const recommendations = recommendWorkspace(seenDatabases(found));
  const databases = NOTION_LAYOUT.map((db) => {
    const [source] = found.get(titleKey(db.title)) ?? [];
    return { title: db.title, foundBy: source?.foundBy ?? null, databaseId: source?.databaseId ?? null };
  });
  return { ok: findings.length === 0, findings, recommendations, databases, parentPageId, checkedAt: new Date().toISOString() };
}
