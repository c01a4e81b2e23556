import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Signals that stop a deploy from the terminal (Ctrl-C, a closed terminal, kill): each removes the secrets file first. */
const STOPPING: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/** Exit codes of a process stopped by a signal (128 + its number). */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };

/**
 * Runs `run` with the path of a file holding `secrets` as JSON (readable by its owner only, in a folder of its own), and
 * removes it afterwards: when `run` ends, fails, or the process is stopped meanwhile (Ctrl-C, SIGTERM, SIGHUP; it then
 * exits as a stopped process would, 128 + the signal).
 */
export async function withSecretsFile<T>(secrets: Record<string, string>, run: (path: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "coin-op-secrets-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    remove();
    process.exit(SIGNAL_EXIT[signal] ?? 1);
  };
  for (const signal of STOPPING) process.on(signal, onSignal);
  try {
    const file = join(dir, "secrets.json");
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    return await run(file);
  } finally {
    for (const signal of STOPPING) process.off(signal, onSignal);
    remove();
  }
}
