import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A path string: with workers-types in this project, `URL` is the Workers one, which node:fs does not take.
const folder = fileURLToPath(new URL("./migrations", import.meta.url).href);

/**
 * The migrations every database has applied, frozen: D1 records each applied file by name, so none may be renamed,
 * removed or slipped in between. 0004, 0005, 0011 and 0012 were never created and stay free for good.
 */
const APPLIED = [
  "0001_init.sql",
  "0002_admin_sessions.sql",
  "0003_admin_attempts_window_only.sql",
  "0006_edge_hardening.sql",
  "0007_search_index.sql",
  "0008_notion_webhooks.sql",
  "0009_media_references.sql",
  "0010_skipped_files.sql",
  "0013_sync_history.sql",
  "0014_lock_fence.sql",
  "0015_sync_progress.sql",
  "0016_media_sizes.sql",
  "0017_webhook_secret.sql",
  "0018_session_password_tag.sql",
  "0019_enquiries.sql",
  "0020_sync_run_expected.sql",
];

const NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;
const numberOf = (name: string) => Number(NAME.exec(name)?.[1]);
const pad = (n: number) => String(n).padStart(4, "0");

/** What breaks the migrations rule in a folder's file names: the frozen list kept as it is, each new file highest + 1. */
function migrationProblems(files: string[], applied: string[]): string[] {
  const problems = files.filter((f) => !NAME.test(f)).map((f) => `${f}: not named NNNN_words.sql`);
  const named = files.filter((f) => NAME.test(f)).sort();
  for (const f of applied) if (!named.includes(f)) problems.push(`${f}: an applied migration was removed or renamed`);
  let next = Math.max(...applied.map(numberOf)) + 1;
  for (const f of named.filter((n) => !applied.includes(n))) {
    if (numberOf(f) === next) next += 1;
    else problems.push(`${f}: a new migration takes the next number after the highest, ${pad(next)}, never a gap's or a used one`);
  }
  return problems;
}

describe("worker/migrations", () => {
  it("holds the applied migrations unchanged, and each new one numbered highest + 1", () => {
    expect(migrationProblems(readdirSync(folder), APPLIED)).toEqual([]);
  });

  it("accepts the next numbers in order after the frozen list", () => {
    expect(migrationProblems([...APPLIED, "0021_x.sql", "0022_y.sql"], APPLIED)).toEqual([]);
  });

  it("refuses a new file filling a gap, reusing a number or skipping one", () => {
    expect(migrationProblems([...APPLIED, "0004_gap.sql"], APPLIED)).toEqual([
      "0004_gap.sql: a new migration takes the next number after the highest, 0021, never a gap's or a used one",
    ]);
    expect(migrationProblems([...APPLIED, "0020_again.sql"], APPLIED)).toEqual([
      "0020_again.sql: a new migration takes the next number after the highest, 0021, never a gap's or a used one",
    ]);
    expect(migrationProblems([...APPLIED, "0022_skip.sql"], APPLIED)).toEqual([
      "0022_skip.sql: a new migration takes the next number after the highest, 0021, never a gap's or a used one",
    ]);
  });

  it("refuses an applied migration removed or renamed, and a file not named NNNN_words.sql", () => {
    const renamed = APPLIED.map((f) => (f === "0013_sync_history.sql" ? "0013_runs.sql" : f));
    expect(migrationProblems(renamed, APPLIED)).toEqual([
      "0013_sync_history.sql: an applied migration was removed or renamed",
      "0013_runs.sql: a new migration takes the next number after the highest, 0021, never a gap's or a used one",
    ]);
    expect(migrationProblems([...APPLIED, "21_late.sql"], APPLIED)).toEqual(["21_late.sql: not named NNNN_words.sql"]);
  });
});
