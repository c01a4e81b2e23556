import { parseStepBudget } from "#contract/step-budget";
import { logEvent } from "./log";

/**
 * Subrequests one sync step makes, counted where they leave the Worker: every D1 call (a batch counts once, as
 * Cloudflare counts it), every R2 and KV operation, and every fetch attempt of the run's Notion client and downloads;
 * `budget`: the most the step aims at (SYNC_STEP_SUBREQUESTS, read once per step); `rowsRead`, `rowsWritten`: D1's own
 * count of the rows its queries read and wrote (from each answer's `meta`: `first` and `raw` give none, so a single-row
 * look-up is not counted).
 */
export type StepMeter = { used: number; engineRetries: boolean; budget: number; rowsRead: number; rowsWritten: number };

/** Adds D1's row counts of an answer (or a batch's answers) to the meter. */
function tallyRows(meter: StepMeter, answer: unknown): void {
  for (const result of Array.isArray(answer) ? answer : [answer]) {
    const meta = (result as { meta?: { rows_read?: number; rows_written?: number } } | null)?.meta;
    meter.rowsRead += meta?.rows_read ?? 0;
    meter.rowsWritten += meta?.rows_written ?? 0;
  }
}

/** Calls `call`, then tallies the rows of its answer. */
function tallied<T>(meter: StepMeter, answer: Promise<T>): Promise<T> {
  return answer.then((result) => {
    tallyRows(meter, result);
    return result;
  });
}

const meters = new WeakMap<object, StepMeter>();

/** The meter an environment made by `meteredEnv` counts into, if any. */
export function meterOf(env: object): StepMeter | undefined {
  return meters.get(env);
}

/** A fetch that counts each call into `meter` (retries included: each attempt is its own subrequest). */
export function meteredFetch(meter: StepMeter, fetcher: typeof fetch = (u, i) => fetch(u, i)): typeof fetch {
  return ((url: RequestInfo | URL, init?: RequestInit) => {
    meter.used++;
    return fetcher(url, init);
  }) as typeof fetch;
}

const D1_STATEMENT_CALLS = new Set(["first", "all", "run", "raw"]);

function meteredStatement(statement: D1PreparedStatement, meter: StepMeter): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "bind")
        return (...args: unknown[]) => meteredStatement((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), meter);
      if (typeof prop === "string" && D1_STATEMENT_CALLS.has(prop)) {
        return (...args: unknown[]) => {
          meter.used++;
          const answer = (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          return prop === "all" || prop === "run" ? tallied(meter, answer) : answer;
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  realStatements.set(proxy, statement);
  return proxy;
}

/** A D1 binding counting `batch`/`exec` and each statement's `first`/`all`/`run`/`raw` once. */
function meteredD1(db: D1Database, meter: StepMeter): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "prepare") return (sql: string) => meteredStatement(target.prepare(sql), meter);
      if (prop === "batch") {
        // The statements were prepared on this proxy: hand workerd the real ones.
        return (statements: D1PreparedStatement[]) => {
          meter.used++;
          return tallied(meter, target.batch(statements.map(unwrap)));
        };
      }
      if (prop === "exec") meter.used++;
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

const realStatements = new WeakMap<object, D1PreparedStatement>();
const unwrap = (s: D1PreparedStatement) => realStatements.get(s) ?? s;

/** An R2 or KV binding whose every method call counts once. */
function meteredStore<T extends object>(store: T, meter: StepMeter): T {
  return new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        meter.used++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

/** The step budget SYNC_STEP_SUBREQUESTS sets; a value out of range is logged and the default (50) used, so a sync never fails on it. */
export function readStepBudget(env: Pick<Env, "SYNC_STEP_SUBREQUESTS">): number {
  const { budget, error } = parseStepBudget(env.SYNC_STEP_SUBREQUESTS);
  if (error) logEvent("config_error", { setting: "SYNC_STEP_SUBREQUESTS", error });
  return budget;
}

/**
 * `env` with D1, R2 and KV counted into a fresh meter (`meterOf` finds it; the Notion client counts its fetches there
 * too). `engineRetries`: the step is retried by the Workflows engine, so the Notion client retries less within it.
 */
export function meteredEnv(env: Env, engineRetries = false): { env: Env; meter: StepMeter } {
  const meter: StepMeter = { used: 0, engineRetries, budget: readStepBudget(env), rowsRead: 0, rowsWritten: 0 };
  const counted: Env = {
    ...env,
    DB: meteredD1(env.DB, meter),
    MEDIA: meteredStore(env.MEDIA, meter),
    CACHE: meteredStore(env.CACHE, meter),
  };
  meters.set(counted, meter);
  return { env: counted, meter };
}
