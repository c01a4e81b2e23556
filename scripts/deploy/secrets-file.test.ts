import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { withSecretsFile } from "./secrets-file.ts";

describe("the temporary secrets file of a first deploy", () => {
  it("is readable by its owner only while in use, and gone after (also after a failure)", async () => {
    let seen = "";
    await withSecretsFile({ NOTION_TOKEN: "ntn_x" }, async (path) => {
      seen = path;
      expect(statSync(path).mode & 0o777).toBe(0o600);
    });
    expect(existsSync(seen)).toBe(false);
    await expect(
      withSecretsFile({ A: "b" }, async (path) => {
        seen = path;
        throw new Error("upload failed");
      }),
    ).rejects.toThrow("upload failed");
    expect(existsSync(seen)).toBe(false);
  });

  it("is removed when the deploy is stopped with Ctrl-C (SIGINT) or SIGTERM while it is in use, the process exiting as stopped", async () => {
    const module = resolve(import.meta.dirname, "secrets-file.ts");
    for (const [signal, code] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
    ] as const) {
      // A deploy waiting on wrangler with the file written: it prints the path, then waits (a timer keeps it alive, as wrangler's process does).
      const child = spawn(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { withSecretsFile } from ${JSON.stringify(module)}; await withSecretsFile({ NOTION_TOKEN: "ntn_x" }, (path) => { console.log(path); return new Promise(() => setInterval(() => {}, 1000)); });`,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      const path = await new Promise<string>((done) => child.stdout.once("data", (chunk: Buffer) => done(chunk.toString().trim())));
      expect(existsSync(path)).toBe(true);
      const exited = new Promise<number | null>((done) => child.once("exit", (exitCode) => done(exitCode)));
      child.kill(signal);
      expect(await exited).toBe(code);
      expect(existsSync(path), `${signal} left the secrets file`).toBe(false);
    }
  });
});
