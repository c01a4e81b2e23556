import type { WorkerSecret } from "#contract/worker-secrets";
import type { AskSecret } from "./secrets.ts";

/**
 * Reads one line from the terminal without echoing it (the secret never shows on screen or in a terminal log).
 * Ctrl+C stops the deploy; Backspace works.
 */
function askHidden(
  question: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stdout,
): Promise<string> {
  return new Promise((done) => {
    output.write(question);
    let value = "";
    const wasRaw = input.isRaw;
    input.setRawMode?.(true);
    input.resume();
    input.setEncoding("utf8");
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\u0003") {
          output.write("\n");
          process.exit(130);
        }
        if (char === "\r" || char === "\n") {
          input.off("data", onData);
          input.setRawMode?.(wasRaw);
          input.pause();
          output.write("\n");
          done(value);
          return;
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else if (char >= " ") value += char;
      }
    };
    input.on("data", onData);
  });
}

/** Asks for a secret on the terminal, naming it and what it is for; null when there is no terminal (CI, a pipe). */
export function terminalAsk(): AskSecret | null {
  if (!process.stdin.isTTY || !process.stdout.isTTY) return null;
  return (secret: WorkerSecret) =>
    askHidden(`${secret.name}${secret.required ? "" : " (optional, Enter skips)"}: ${secret.purpose}\n  value (not shown): `);
}
