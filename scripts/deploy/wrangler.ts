import { spawn } from "node:child_process";
import { delimiter, resolve } from "node:path";
import { ROOT } from "../lib/quiet-env.ts";

/** What a wrangler command printed (stdout and stderr, colours stripped) and how it exited. */
type WranglerResult = { code: number; out: string };

/**
 * `input`: written to the command's stdin (secrets go this way, never in arguments); `show`: echo its output as it comes;
 * `env`: added to its environment (e.g. WRANGLER_OUTPUT_FILE_PATH).
 */
type WranglerOptions = { input?: string; show?: boolean; env?: Record<string, string> };

/** Runs one wrangler command to its end; never rejects for a non-zero exit (the caller reads `code`). */
export type Wrangler = (args: string[], options?: WranglerOptions) => Promise<WranglerResult>;

const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/**
 * `wrangler` as found on PATH (`npm run` puts the project's own first; a test puts a fake one there), the project's
 * own after PATH for a direct `node scripts/deploy.ts`. Its stdin is a pipe, so wrangler never stops to ask: it takes
 * its non-interactive answers (e.g. yes to applying migrations). The dealer's own wrangler login is used as is.
 */
export function wranglerOnPath(env: NodeJS.ProcessEnv = process.env, echo: (line: string) => void = console.log): Wrangler {
  const path = [env.PATH ?? "", resolve(ROOT, "node_modules", ".bin")].filter(Boolean).join(delimiter);
  return (args, options = {}) =>
    new Promise((done, fail) => {
      const child = spawn("wrangler", args, { cwd: ROOT, env: { ...env, ...options.env, PATH: path }, stdio: ["pipe", "pipe", "pipe"] });
      let out = "";
      let partial = "";
      const take = (chunk: Buffer) => {
        const text = chunk.toString().replace(ANSI, "");
        out += text;
        if (!options.show) return;
        const lines = (partial + text).split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines) if (line.trim()) echo(`  | ${line}`);
      };
      child.stdout.on("data", take);
      child.stderr.on("data", take);
      child.on("error", fail);
      child.on("close", (code) => {
        if (options.show && partial.trim()) echo(`  | ${partial}`);
        done({ code: code ?? 1, out });
      });
      child.stdin.end(options.input ?? "");
    });
}
