import { rowsCalled } from "#contract/notion-layout";
import { appliedStatement, holdStatement, readHold, removalAllowed, resolvedStatement, type Leaving } from "../../data/removal-holds";
import { logEvent } from "../../lib/log";

/** What a sync found leaving one table, and whether it goes: `hold` keeps every one of them on the site. */
export type RemovalPlan = Leaving & { tableName: string; databaseTitle: string; verdict: "yes" | "confirmed" | "no"; runId: number };

/**
 * The guard on a sync's removals from one table: `leaving` of its `live` rows would leave the site (`unpublished` of
 * them drafts, the rest deleted, in the trash or moved away). More than half at once go only once the operator has
 * confirmed them in the admin panel (`removal_holds`); until then every one stays as last synced.
 */
export async function planRemovals(
  db: D1Database,
  table: { tableName: string; databaseTitle: string },
  counts: Leaving,
  runId: number,
): Promise<RemovalPlan> {
  const hold = counts.leaving * 2 > counts.live ? await readHold(db, table.tableName) : null;
  const plan = { ...table, ...counts, runId, verdict: removalAllowed(counts, hold) };
  if (plan.verdict === "no") logEvent("removal_held", { table: table.tableName, message: heldMessage(plan) }, "warn");
  return plan;
}

/** The statements that record the plan's outcome, for the batch that removes (or keeps) the rows. */
export function planStatements(db: D1Database, plan: RemovalPlan): D1PreparedStatement[] {
  if (plan.verdict === "no") return [holdStatement(db, plan.tableName, plan, plan.runId)];
  if (plan.verdict === "confirmed") return [appliedStatement(db, plan.tableName)];
  return [resolvedStatement(db, plan.tableName)];
}

/** The operator's words for a held removal: `Slot Machines: 12 of 20 items would leave the site at once (…)`. */
export function heldMessage(plan: RemovalPlan): string {
  const gone = plan.leaving - plan.unpublished;
  const why = [
    ...(plan.unpublished ? [`${plan.unpublished} unpublished`] : []),
    ...(gone ? [`${gone} deleted or moved away in Notion`] : []),
  ].join(", ");
  return (
    `${plan.databaseTitle}: ${plan.leaving} of ${plan.live} ${rowsCalled(plan.databaseTitle)} would leave the site at once (${why}), ` +
    "so they stay on it until you confirm in the admin panel (Notion Sync, Tables)"
  );
}
