import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseStepBudget } from "#contract/step-budget";
import worker, * as entry from "./index";
import { requestRate } from "./notion/request-rate";

// A path string: with workers-types in this project, `URL` is the Workers one, which node:fs does not take.
const toml = readFileSync(fileURLToPath(new URL("../wrangler.toml", import.meta.url).href), "utf8");

/** The string list assigned to `name` in wrangler.toml (one line, as the file writes it). */
function stringList(name: string): string[] {
  const line = new RegExp(`^${name}\\s*=\\s*\\[(.*)\\]\\s*$`, "m").exec(toml);
  if (!line) return [];
  return [...line[1]!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
}

/** How wrangler 4 matches a run_worker_first rule: the whole path against the rule with `*` as any run of characters. */
const ruleMatches = (rule: string, path: string) =>
  new RegExp(
    `^${rule
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  ).test(path);

describe("wrangler.toml", () => {
  it("runs the nightly full sync at 04:00 UTC through the exported scheduled handler", () => {
    expect(stringList("crons")).toEqual(["0 4 * * *"]);
    expect(typeof worker.scheduled).toBe("function");
  });

  it("binds the SYNC and SETUP workflows to classes the worker's entry exports, under names of their own", () => {
    const blocks = [...toml.matchAll(/\[\[workflows\]\]\s*\nname = "([^"]+)"\s*\nbinding = "([^"]+)"\s*\nclass_name = "([^"]+)"/g)];
    expect(blocks.map((b) => b.slice(1))).toEqual([
      ["coin-op-sync", "SYNC", "SyncWorkflow"],
      ["coin-op-setup", "SETUP", "SetupWorkflow"],
    ]);
    for (const [, , , className] of blocks) expect(typeof (entry as Record<string, unknown>)[className!]).toBe("function");
  });

  it("logs to Workers Logs, every request sampled", () => {
    expect(/\[observability\]\s*\nenabled = true\s*\nhead_sampling_rate = 1\s*\n/.test(toml)).toBe(true);
  });

  it("binds D1 and KV without ids (wrangler provisions them) and the D1 database by the name a deploy finds it by", () => {
    expect(toml).not.toMatch(/^\s*(database_id|id|preview_id)\s*=/m);
    expect(/\[\[d1_databases\]\]\s*\nbinding = "DB"\s*\ndatabase_name = "coin-op-catalogue"/.test(toml)).toBe(true);
  });

  it("paces syncs at Notion's 3 requests a second unless set otherwise", () => {
    const value = /^NOTION_REQUESTS_PER_SECOND = "(\d+)"$/m.exec(toml)?.[1];
    expect(requestRate(value)).toEqual({ rate: 3, error: null });
  });

  it("cuts sync steps to the free plan's 50 subrequests unless set otherwise", () => {
    const value = /^SYNC_STEP_SUBREQUESTS = "(\d+)"$/m.exec(toml)?.[1];
    expect(parseStepBudget(value)).toEqual({ budget: 50, error: null });
  });

  it("sends /api and /media, bare or with a path, and the search page to the worker before the static assets", () => {
    const rules = stringList("run_worker_first");
    const toWorker = (path: string) => rules.some((rule) => ruleMatches(rule, path));
    for (const path of [
      "/api",
      "/api/",
      "/api/health",
      "/api/collection/slots",
      "/media",
      "/media/",
      "/media/notion/a/b.jpg",
      "/media/w/400/notion/a/b.jpg",
      "/search",
    ])
      expect(toWorker(path), path).toBe(true);
    for (const path of [
      "/",
      "/admin",
      "/apiary",
      "/mediakit",
      "/gallery/slots",
      "/gallery/slots/mills-1a2b",
      "/404.html",
      "/searches",
      "/search.html",
    ])
      expect(toWorker(path), path).toBe(false);
  });

  it("hands the worker only the addresses no static file matches (item redirects and the 404 page), never a built page", () => {
    expect(/^\[assets\][^[]*^not_found_handling = "none"$/m.test(toml)).toBe(true);
    expect(/^run_worker_first\s*=\s*(true|\[[^\]]*"\/\*")/m.test(toml)).toBe(false);
  });
});
