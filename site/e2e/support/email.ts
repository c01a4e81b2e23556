/** The emails `wrangler dev` writes for the worker's `send_email` binding: one .eml file per message under .wrangler/tmp/email/. */
import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import PostalMime, { type Email } from "postal-mime";
import { until } from "./stack";

/** Where `wrangler dev`, started in the project folder, writes sent emails (a folder per session, removed when it stops). */
const EMAIL_DIR = resolve(import.meta.dirname, "../../../.wrangler/tmp/email");

async function emlFiles(): Promise<string[]> {
  const entries = await readdir(EMAIL_DIR, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith(".eml")).map((e) => join(e.parentPath, e.name));
}

/** The sent email whose raw text holds `marker` (e.g. a Reply-To address used once), parsed; waits for `wrangler dev` to write it. */
export async function sentEmail(marker: string, timeoutMs = 15_000): Promise<Email> {
  const raw = await until(
    `an email holding ${marker} under ${EMAIL_DIR}`,
    async () => {
      for (const file of await emlFiles()) {
        const text = await readFile(file, "utf8");
        if (text.includes(marker)) return text;
      }
      return null;
    },
    timeoutMs,
  );
  return PostalMime.parse(raw);
}
