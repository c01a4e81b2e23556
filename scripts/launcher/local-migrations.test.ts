import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listMigrations, readDeployConfig } from "../deploy/config.ts";
import { runNpx } from "../lib/run.ts";
import { allMigrationsSql, applyLocalMigrations } from "./local-migrations.ts";

const { d1 } = readDeployConfig();
const names = listMigrations(d1.migrationsDir);
const dir = mkdtempSync(join(tmpdir(), "local-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("allMigrationsSql", () => {
  it("has every migration in order, each followed by the row wrangler records for it", () => {
    const sql = allMigrationsSql(d1.migrationsDir);
    expect(sql.startsWith('CREATE TABLE IF NOT EXISTS "d1_migrations"(')).toBe(true);
    expect([...sql.matchAll(/^INSERT INTO "d1_migrations" \(name\) values \('([^']+)'\);$/gm)].map((m) => m[1])).toEqual(names);
    let at = 0;
    for (const name of names) {
      const body = sql.indexOf(readFileSync(join(d1.migrationsDir, name), "utf8").trim(), at);
      const row = sql.indexOf(`values ('${name}');`, at);
      expect(body, name).toBeGreaterThanOrEqual(at);
      expect(row, name).toBeGreaterThan(body);
      at = row;
    }
  });
});

describe("applyLocalMigrations", () => {
  it(
    "migrates a fresh state folder in one go, recording each migration so that `wrangler d1 migrations apply` then finds nothing to apply, and falls back to it when the batch fails",
    { timeout: 120_000 },
    async () => {
      await applyLocalMigrations(dir);
      const again = await runNpx(["wrangler", "d1", "migrations", "apply", d1.binding, "--local", "--persist-to", dir], { quiet: true });
      expect(again).toContain("No migrations to apply!");
      // Taken for fresh, a folder that has the database fails the batch (its rows exist) and goes through `migrations apply`.
      await expect(applyLocalMigrations(dir, undefined, true)).resolves.toBeUndefined();
    },
  );
});
