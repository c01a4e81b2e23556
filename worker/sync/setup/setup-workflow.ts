import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { notionFailureText } from "#contract/notion-failures";
import { NOTION_LAYOUT } from "#contract/notion-layout";
import { loadDemoWorkspace } from "#workspace/demo/load";
import type { DemoWorkspace } from "#workspace/demo/types";
import { setUpDatabase, type SetupTarget } from "#workspace/setup/databases";
import { fillDatabase, fillLine } from "#workspace/setup/demo-fill";
import { planSetup } from "#workspace/setup/plan";
import { publishExisting, publishLine } from "#workspace/setup/publish-existing";
import { leftAsTheyAre } from "#workspace/setup/run-setup";
import { finishSetupRun, recordSetupProgress, type SetupEnd } from "../../data/setup-runs";
import { logEvent } from "../../lib/log";
import { NotionFailureError } from "../../notion/upstream-error";
import { STEP_CONFIG } from "../steps/durable-step";
import { setupSteps, type SetupStepContext } from "./setup-steps";

/** What a setup run is given: its `setup_runs` id, the catalogue's page, and whether to fill in the demo. */
export type SetupParams = { runId: number; parentPageId: string; demo: boolean };

/** What one page of the demo may cost a step at most: its create and a body append, and per new picture its bytes, the upload and its send. */
const pageCost = (pictures: number) => 2 + 3 * pictures;

/** What a step keeps for its closing write (its progress) after its last page. */
const RESERVE = 2;

/** Whether the step `ctx` has room for one more page with `pictures` new pictures within its budget (SYNC_STEP_SUBREQUESTS). */
const roomFor = (ctx: SetupStepContext) => (pictures: number) => ctx.meter.used + pageCost(pictures) + RESERVE <= ctx.meter.budget;

/** The demo's pages setup adds (its test-only pages left out), per database title. */
const demoPages = (content: DemoWorkspace) =>
  new Map(content.databases.map((db) => [db.title, db.pages.filter((p) => !p.testOnly).length]));

/** Every demo page setup adds. */
export const demoPageTotal = () => [...demoPages(loadDemoWorkspace()).values()].reduce((a, b) => a + b, 0);

/**
 * "Create the catalogue under this page": the setup engine (the layout and rules of `npm run notion:setup`) as workflow
 * steps: the plan (the page shared, the demo's values within Notion's rules; a value Notion would refuse ends the run
 * before anything is written), one step per database of the layout (created, or completed when the page already holds
 * it), Published ticked in shares on the rows of the databases it was added to, then with the demo each database filled
 * in shares that fit a step's budget, then what is left for the operator.
 * Each step writes the run's progress to its `setup_runs` row; the run ends by recording its outcome, a failure in the
 * words of the failure (Notion's, in `contract/notion-failures.ts`) and that running it again carries on.
 */
export class SetupWorkflow extends WorkflowEntrypoint<Env, SetupParams> {
  override async run(event: WorkflowEvent<SetupParams>, step: WorkflowStep): Promise<{ ok: boolean }> {
    const { runId, parentPageId, demo } = event.payload;
    const steps = setupSteps(this.env, runId, step);
    const content = demo ? loadDemoWorkspace() : null;
    const lines: string[] = [];
    let databasesDone = 0;
    let pagesDone = 0;
    let problems = 0;
    // What the run was doing when it stopped, and the database it was about (named in Notion's failure).
    let doing = "checking the page";
    let database: string | null = null;
    const progress = (ctx: SetupStepContext, phase: string, now: { databases?: number; pages?: number; lines?: string[] } = {}) =>
      recordSetupProgress(ctx.env.DB, runId, {
        phase,
        databasesDone: now.databases ?? databasesDone,
        pagesDone: now.pages ?? pagesDone,
        lines: now.lines ?? lines,
      });
    let end: SetupEnd;
    try {
      const plan = await steps.run("plan", async (ctx) => {
        const planned = await planSetup(ctx.notion, parentPageId, content);
        await progress(ctx, "Creating the databases");
        return {
          parent: planned.parent,
          problems: planned.problems,
          publishExisting: planned.publishExisting,
          plannedAt: planned.plannedAt,
        };
      });
      if (plan.problems.length) {
        end = {
          ok: false,
          phase: "Nothing created",
          lines: plan.problems,
          message: `Nothing was created: ${plan.problems.length} ${plan.problems.length === 1 ? "value breaks" : "values break"} Notion's rules (each line below says which and how to fix it).`,
        };
      } else {
        const targets: SetupTarget[] = [];
        for (const db of NOTION_LAYOUT) {
          [doing, database] = [`setting up ${db.title}`, db.title];
          const outcome = await steps.run(`database ${db.title}`, async (ctx) => {
            const made = await setUpDatabase(ctx.notion, plan.parent.id, db);
            const now = { databases: databasesDone + 1, lines: [...lines, `${db.title}: ${made.line}`] };
            await progress(ctx, `Creating the databases: ${db.title}`, now);
            return made;
          });
          databasesDone += 1;
          lines.push(`${db.title}: ${outcome.line}`);
          if (outcome.target) targets.push(outcome.target);
          if (outcome.problem) problems += 1;
        }
        // Published ticked on the rows of the databases it was just added to, a step's budget of them per step.
        for (const target of targets.filter((t) => plan.publishExisting.includes(t.title))) {
          [doing, database] = [`publishing the rows already in ${target.title}`, target.title];
          let published = 0;
          for (let share = 1, remaining = true; remaining; share++) {
            const done = await steps.run(`publish ${target.title} (${share})`, async (ctx) => {
              // Each row ticked is one request, each hundred looked up one more.
              const maxPages = Math.max(1, ctx.meter.budget - ctx.meter.used - RESERVE - 2);
              const outcome = await publishExisting(ctx.notion, target, plan.plannedAt, { maxPages });
              await progress(ctx, `Keeping the rows already in ${target.title} on the site`);
              return outcome;
            });
            published += done.published;
            remaining = done.remaining;
          }
          if (published > 0) lines.push(publishLine({ title: target.title, published }));
        }
        const totals = content ? demoPages(content) : new Map<string, number>();
        for (const db of content?.databases ?? []) {
          const target = targets.find((t) => t.title === db.title);
          if (!target) {
            lines.push(`${db.title}: not filled (the database needs attention first)`);
            continue;
          }
          [doing, database] = [`adding the demo's pages to ${db.title}`, db.title];
          const total = totals.get(db.title) ?? 0;
          let uploads: Record<string, string> = {};
          let added = 0;
          let already: number | null = null;
          for (let share = 1, remaining = Infinity; remaining > 0; share++) {
            const filled = await steps.run(`fill ${db.title} (${share})`, async (ctx) => {
              const outcome = await fillDatabase(ctx.notion, ctx.demoImage, target, db, { uploads, room: roomFor(ctx) });
              await progress(ctx, `Adding the demo's pages: ${db.title}`, { pages: pagesDone + total - outcome.remaining });
              return { added: outcome.added, already: outcome.already, remaining: outcome.remaining, uploads: outcome.uploads };
            });
            uploads = filled.uploads;
            added += filled.added;
            already ??= filled.already;
            remaining = filled.remaining;
          }
          pagesDone += total;
          lines.push(fillLine({ title: db.title, added, already: already ?? 0 }));
        }
        const left = leftAsTheyAre(targets);
        problems += left.length;
        if (left.length) lines.push("Left as they are (setup renames, retypes and deletes nothing):", ...left);
        end =
          problems === 0
            ? {
                ok: true,
                phase: "Done",
                lines,
                message: `All ${NOTION_LAYOUT.length} databases are in order under the page${content ? ", filled with the demo's items" : ""}. Next: the first sync.`,
              }
            : {
                ok: false,
                phase: "Done, with what to fix",
                lines,
                message: `${problems} ${problems === 1 ? "thing" : "things"} setup could not put right (named below, each with its fix). Fix ${problems === 1 ? "it" : "them"} in Notion, then run setup again.`,
              };
      }
    } catch (err) {
      const words =
        err instanceof NotionFailureError ? notionFailureText(err.failure, { database }) : err instanceof Error ? err.message : String(err);
      end = {
        ok: false,
        phase: "Stopped",
        lines,
        message: `Setup stopped while ${doing}: ${words} What it made in Notion is kept: once fixed, run it again and it carries on where it stopped.`,
      };
    }
    await step.do("record the end", STEP_CONFIG, () => finishSetupRun(this.env.DB, runId, end));
    logEvent("setup_end", { runId, ok: end.ok, message: end.message });
    return { ok: end.ok };
  }
}
