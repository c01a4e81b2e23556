import { spawn, type SpawnOptions } from "node:child_process";
import { ROOT, quietEnv } from "./quiet-env.ts";

/** Runs an npx command to completion, streaming its output with a prefix; rejects on a non-zero exit. */
export function runNpx(args: string[], options: { env?: Record<string, string>; prefix?: string; quiet?: boolean } = {}): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const spawnOptions: SpawnOptions = { cwd: ROOT, env: quietEnv(options.env), stdio: ["ignore", "pipe", "pipe"] };
    const child = spawn("npx", args, spawnOptions);
    let output = "";
    const forward = (chunk: Buffer) => {
      output += chunk;
      if (!options.quiet) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) console.log(`${options.prefix ?? ""}${line}`);
      }
    };
    child.stdout?.on("data", forward);
    child.stderr?.on("data", forward);
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolveRun(output) : reject(new Error(`npx ${args.join(" ")} exited with ${code}\n${output.slice(-4000)}`)),
    );
  });
}
