import { notionRun } from "../../notion/client";
import { NotionSearchResult, readNotion } from "../../notion/notion-shapes";
import type { RegistryEntry } from "../../tables/registry";
import { columnsFor } from "../../tables/schema";
import { afterSync } from "../publish/after-sync";
import { copyJob } from "./copy-job";
import { canUpdateInPlace } from "./incremental-sync";
import type { TableSyncOutcome } from "./job-common";
import type { SyncSteps } from "../steps/sync-steps";
import { updateJob } from "./update-job";

/**
 * A table sync's choice (one request for the current schema): an update in place for a table synced before whose schema
 * Notion still has, else a full copy with the schema Notion has now (a property the dealer added, such as Published,
 * counts at once). Records the outcome on `tableRunId`; throws what failed, the tables untouched.
 */
async function updateOrCopy(steps: SyncSteps, entry: RegistryEntry, tableRunId: number): Promise<TableSyncOutcome> {
  const plan = await steps.run(`${entry.tableName}: plan`, async ({ env }) => {
    if (!entry.dataSourceId) return { inPlace: false, columns: entry.columns, at: entry.schemaSyncedAt };
    const run = notionRun(env);
    const source = await readNotion("a data source retrieval", NotionSearchResult, () =>
      run.notion.dataSources.retrieve({ data_source_id: entry.dataSourceId! }),
    );
    const columns = columnsFor(source.properties ?? {});
    const inPlace = await canUpdateInPlace(env.DB, entry, { columns, hasBody: entry.hasBody });
    return { inPlace, columns, at: new Date().toISOString() };
  });
  if (plan.inPlace) return updateJob(steps, entry, tableRunId);
  // The copy swaps the table in with these columns and writes them to the registry in the same batch.
  return copyJob(steps, { ...entry, columns: plan.columns, schemaSyncedAt: plan.at }, tableRunId);
}

/** A table sync as a whole run (Sync Data, a confirmed removal): `updateOrCopy`, then (once it succeeded) the cache purge and the site rebuild request. */
export async function tableJob(steps: SyncSteps, entry: RegistryEntry, tableRunId: number): Promise<TableSyncOutcome> {
  const outcome = await updateOrCopy(steps, entry, tableRunId);
  await steps.run("after sync", ({ env }) => afterSync(env, undefined, { kind: "table", target: entry.tableName }));
  return outcome;
}
