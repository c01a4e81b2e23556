import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { listMigrations, readDeployConfig } from "../deploy/config.ts";
import { runNpx } from "../lib/run.ts";

// What `wrangler d1 migrations apply` creates and writes, so that a later apply on the same folder finds nothing pending.
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;
// A worker that is not running holds no sync: locks left by an interrupted run would only block the first sync.
const CLEAR_LOCKS = "DELETE FROM locks;";
const recorded = (name: string) => `INSERT INTO "d1_migrations" (name) values ('${name.replace(/'/g, "''")}');`;

/** Every migration of `dir` in order, each followed by the row wrangler records for it, as one SQL script. */
export function allMigrationsSql(dir: string): string {
  return [MIGRATIONS_TABLE, ...listMigrations(dir).flatMap((name) => [readFileSync(join(dir, name), "utf8").trim(), recorded(name)])].join(
    "\n",
  );
}

/**
 * Brings the local D1 in `persistTo` up to date and clears the sync locks a stopped worker left. A state folder with no
 * database yet (`fresh`, judged by wrangler's folder for local D1) gets every migration in one `wrangler d1 execute`
 * (one batch: all or nothing), since `wrangler d1 migrations apply` starts a local D1 for each migration; a folder with
 * one, or a batch that fails (a database where wrangler keeps it elsewhere), goes through `migrations apply`, which
 * applies only what is pending.
 */
export async function applyLocalMigrations(
  persistTo: string,
  signal?: AbortSignal,
  fresh = !existsSync(resolve(persistTo, "v3", "d1")),
): Promise<void> {
  const { d1 } = readDeployConfig();
  const local = ["--local", "--persist-to", persistTo];
  if (fresh) {
    const script = resolve(persistTo, "migrations.sql");
    writeFileSync(script, `${allMigrationsSql(d1.migrationsDir)}\n${CLEAR_LOCKS}\n`);
    const applied = await runNpx(["wrangler", "d1", "execute", d1.binding, ...local, "--file", script], { quiet: true, signal }).then(
      () => true,
      (error: unknown) => {
        if (signal?.aborted) throw error;
        return false;
      },
    );
    if (applied) return;
  }
  await runNpx(["wrangler", "d1", "migrations", "apply", d1.binding, ...local], { quiet: true, signal });
  await runNpx(["wrangler", "d1", "execute", d1.binding, ...local, "--command", CLEAR_LOCKS], { quiet: true, signal });
}
