import { spawnSync } from "node:child_process";
import { ROOT } from "../lib/quiet-env.ts";

/** The branch Workers Builds builds and deploys from (its default production branch). */
export const PRODUCTION_BRANCH = "main";

/** Runs git in the project; its trimmed output, or null when it fails (no git, not a checkout, no such ref). */
export type Git = (args: string[]) => string | null;

/** git as installed. */
export const git: Git = (args) => {
  const run = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : null;
};

/**
 * What this copy would deploy that the repository's production branch (`origin/main`, as of the last fetch) lacks, one
 * phrase each: uncommitted changes, commits not pushed, a commit that is not that branch's tip; empty when in step.
 */
export function repoLacks(run: Git = git): string[] {
  if (run(["rev-parse", "--is-inside-work-tree"]) !== "true")
    return ["this copy is not a git checkout, so nothing shows your repository holds it"];
  const reasons: string[] = [];
  const changed = (run(["status", "--porcelain", "--untracked-files=normal"]) ?? "").split("\n").filter(Boolean);
  if (changed.length)
    reasons.push(
      `${changed.length} file${changed.length === 1 ? "" : "s"} changed and not committed (${changed
        .slice(0, 3)
        .map((line) => line.slice(3))
        .join(", ")}${changed.length > 3 ? ", …" : ""})`,
    );
  const remote = `origin/${PRODUCTION_BRANCH}`;
  const counts = run(["rev-list", "--left-right", "--count", `${remote}...HEAD`]);
  if (counts === null) return [...reasons, `there is no ${remote} to compare with`];
  const [behind = 0, ahead = 0] = counts.split(/\s+/).map(Number);
  if (ahead > 0) reasons.push(`${ahead} commit${ahead === 1 ? "" : "s"} not on ${remote}`);
  if (behind > 0) reasons.push(`${behind} commit${behind === 1 ? "" : "s"} of ${remote} missing here`);
  return reasons;
}
