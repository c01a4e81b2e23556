/**
 * `npm run bench:rebuild`: what one rebuild after a sync costs a hosted build (Cloudflare Workers Builds), stage by
 * stage, for each size in BENCH_SIZES (default 1000,10000 generated items). The local stack (Notion server at 3
 * requests/s, the worker, its full sync) stands in for the live API. A first hosted build in a clone leaves Astro's
 * cache (node_modules/.astro, what Workers Builds' build cache keeps) and the site it would deploy; one item is edited
 * in Notion and synced; then, timed: a fresh clone, the Astro cache restored, `npm run build` (which installs
 * the build's own packages, npm's cache warm as the build cache keeps it, then builds), `wrangler deploy --dry-run`
 * (the upload itself needs an account), and the files whose content differs from the first build's site: what
 * `wrangler deploy` uploads (it sends every file's content hash and uploads only those the account lacks).
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { API_PATHS } from "#contract/api-paths";
import { itemAddress } from "#contract/item-address";
import { generatedFiles } from "../lib/build-site.ts";
import { installSeconds } from "../lib/hosted-install.ts";
import { publishChanged } from "../lib/publish-changed.ts";
import { checkNode } from "../lib/check-node.ts";
import { freePort } from "../lib/ports.ts";
import { ROOT } from "../lib/quiet-env.ts";
import { REQUESTS_PER_SECOND } from "./lib/scale-report.ts";
import { editTitle, scaleWorkspace } from "./lib/scale-run.ts";
import { startStack } from "../launcher/stack.ts";
import { syncTableRun } from "../lib/sync-run.ts";
import { startNotionServer } from "../notion-server/server.ts";
import { DEMO_IMAGES_DIR } from "../lib/demo-workspace.ts";
import { benchSizes } from "./lib/bench-sizes.ts";
import { BENCH_PASSWORD } from "./lib/bench-worker.ts";

checkNode();
const sizes = benchSizes();

/** Runs a command in `cwd` to its end and returns its output and seconds; throws with the output's end when it fails. */
function run(cwd: string, command: string, args: string[], env: Record<string, string> = {}): Promise<{ seconds: number; out: string }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", XDG_CONFIG_HOME: resolve(ROOT, ".config"), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk));
    child.on("error", fail);
    child.on("close", (code) =>
      code === 0
        ? done({ seconds: (performance.now() - started) / 1000, out })
        : fail(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${out.slice(-3000)}`)),
    );
  });
}

type Stages = {
  clone: number;
  install: number;
  restore: number;
  build: number;
  deploy: number;
  rendered: number;
  reused: number;
  uploaded: number;
  removed: number;
};

/** One size: the stack, a priming hosted build, one edit synced, then the timed rebuild. */
async function rebuildAt(items: number, log: (line: string) => void): Promise<Stages & { firstBuild: number }> {
  const work = mkdtempSync(join(tmpdir(), `bench-rebuild-${items}-`));
  const repo = join(work, "repo");
  const keptCache = join(work, "astro-cache");
  const live = join(work, "live");
  const persistTo = resolve(ROOT, ".wrangler", `bench-rebuild-${items}-state`);
  const assetsDir = `.wrangler/bench-rebuild-${items}-dist`;
  rmSync(persistTo, { recursive: true, force: true });
  const notion = await startNotionServer({
    port: await freePort(),
    workspace: scaleWorkspace(items),
    imagesDir: DEMO_IMAGES_DIR,
    requestsPerSecond: REQUESTS_PER_SECOND,
  });
  try {
    const stack = await startStack({ port: await freePort(), persistTo, assetsDir, password: BENCH_PASSWORD, localNotion: notion, log });
    try {
      const buildEnv = { SITE_API_URL: stack.url, SITE_URL: stack.url };
      const clone = () => run(work, "git", ["clone", "--quiet", "--depth", "1", `file://${ROOT}`, repo]);
      // As Workers Builds runs it with SKIP_DEPENDENCY_INSTALL set: the build installs what the build and deploy need.
      const build = async () => {
        const built = await run(repo, "npm", ["run", "build"], { ...buildEnv, SKIP_DEPENDENCY_INSTALL: "1" });
        const install = installSeconds(built.out);
        if (install === null) throw new Error("the build did not install its packages in a fresh clone");
        return { ...built, install, seconds: built.seconds - install };
      };

      log("bench: priming: a first hosted build in a clone, whose Astro cache the build cache would keep");
      await clone();
      const first = await build();
      log(
        `bench: first hosted build (no cache): ${(first.install + first.seconds).toFixed(1)} s, ${first.install.toFixed(1)} s of it installing`,
      );
      cpSync(join(repo, "node_modules", ".astro"), keptCache, { recursive: true });
      cpSync(join(repo, "dist"), live, { recursive: true });
      rmSync(repo, { recursive: true, force: true });

      const res = await fetch(`${stack.url}/api/collection/slots/for-sale?page=1&limit=2`);
      const item = ((await res.json()) as { items: { id: string; title: string }[] }).items[0];
      if (!item) throw new Error("no slot machine for sale to edit");
      const title = `${item.title} rebuilt ${Date.now()}`;
      await editTitle(notion, item.id, title);
      const { tables } = await stack.admin.call<{ tables: { tableName: string; databaseId: string; databaseTitle: string }[] }>(
        "/api/admin/notion-tables",
      );
      const slots = tables.find((t) => t.databaseTitle === "Slot Machines")!;
      await syncTableRun(stack.admin, slots, { untimed: true });
      // The stack's own rebuild (its deploy hook) runs now; wait for it and the worker's reload so they do not share the timed stages.
      await stack.hook.idle();
      await waitForHealth(stack.url);
      log(`bench: one slot machine's title edited and synced; timing the rebuild`);

      const cloned = await clone();
      const restoreStarted = performance.now();
      cpSync(keptCache, join(repo, "node_modules", ".astro"), { recursive: true });
      const restore = (performance.now() - restoreStarted) / 1000;
      const built = await build();
      const { rendered, reused } = generatedFiles(built.out);
      log(`bench: rendered ${rendered.length}: ${rendered.slice(0, 100).join(" ")}${rendered.length > 100 ? " …" : ""}`);
      const dryRun = await run(repo, "npx", ["wrangler", "deploy", "--dry-run", "--outdir", join(work, "bundle")]);
      const upload = publishChanged(join(repo, "dist"), live);
      if (!readFileSync(join(repo, "dist", "gallery", "slots", `${itemAddress({ id: item.id, title })}.html`), "utf8").includes(title))
        throw new Error("the rebuilt item page does not show the edit");
      return {
        firstBuild: first.install + first.seconds,
        clone: cloned.seconds,
        install: built.install,
        restore,
        build: built.seconds,
        deploy: dryRun.seconds,
        rendered: rendered.length,
        reused: reused.length,
        uploaded: upload.copied,
        removed: upload.removed,
      };
    } finally {
      await stack.stop();
    }
  } finally {
    await notion.close();
    rmSync(work, { recursive: true, force: true });
  }
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}${API_PATHS.health}`)).ok) return;
    } catch {
      // reloading
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer after the stack's rebuild`);
}

if (!existsSync(resolve(ROOT, "node_modules", ".bin", "astro"))) {
  console.error("node_modules lacks astro: run npm install first.");
  process.exit(1);
}
const results: { items: number; stages: Awaited<ReturnType<typeof rebuildAt>> }[] = [];
for (const items of sizes) {
  console.log(`\n== ${items.toLocaleString("en-US")} items ==`);
  results.push({ items, stages: await rebuildAt(items, (line) => void (line.includes("[wrangler:info]") || console.log(`  ${line}`))) });
}
const s = (seconds: number) => `${seconds.toFixed(1)} s`;
const rows: [string, (r: (typeof results)[number]["stages"]) => string][] = [
  ["fresh clone (git clone --depth 1)", (r) => s(r.clone)],
  ["restore node_modules/.astro", (r) => s(r.restore)],
  ["install (npm ci --omit=dev, npm cache warm)", (r) => s(r.install)],
  ["astro build (incremental)", (r) => s(r.build)],
  ["  files rendered / reused", (r) => `${r.rendered} / ${r.reused}`],
  ["wrangler deploy --dry-run", (r) => s(r.deploy)],
  ["  files to upload (changed) / removed", (r) => `${r.uploaded} / ${r.removed}`],
  ["rebuild total", (r) => s(r.clone + r.install + r.restore + r.build + r.deploy)],
  ["(first hosted build, no cache)", (r) => s(r.firstBuild)],
];
const header = ["", ...results.map((r) => `N=${r.items.toLocaleString("en-US")}`)];
const table = [header, ...rows.map(([label, cell]) => [label, ...results.map((r) => cell(r.stages))])];
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
console.log(`\nRebuild after one edit, as a hosted build runs it (this machine; ${new Date().toISOString()}):`);
for (const row of table) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[i]!))).join(" | "));
