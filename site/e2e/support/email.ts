/**
 * The emails the worker's `send_email` binding sent under `wrangler dev`, read from wrangler's Local Explorer (which
 * keeps every message of the session: sender, recipients, Reply-To, subject and text).
 */
import * as z from "zod/mini";
import { BASE_URL } from "./browser";
import { until } from "./stack";

const EXPLORER = `${BASE_URL}/cdn-cgi/local/explorer/api/local/email/sending`;

const Summary = z.object({ messageId: z.string(), replyTo: z.optional(z.string()) });
const Detail = z.object({
  from: z.string(),
  to: z.array(z.string()),
  replyTo: z.optional(z.string()),
  subject: z.string(),
  text: z.optional(z.string()),
});

/** A sent email as the Local Explorer describes it (addresses written `"Name" <address>`). */
export type SentEmail = z.infer<typeof Detail>;

async function explorer<S extends z.ZodMiniType>(query: string, schema: S): Promise<z.infer<S>> {
  const res = await fetch(`${EXPLORER}?${query}`);
  if (!res.ok) throw new Error(`The Local Explorer answered ${res.status} for ${query}`);
  const body = (await res.json()) as { result?: unknown };
  return schema.parse(body.result) as z.infer<S>;
}

/** The sent email whose Reply-To holds `marker` (e.g. a visitor's address used once); waits for `wrangler dev` to record it. */
export async function sentEmail(marker: string, timeoutMs = 15_000): Promise<SentEmail> {
  const id = await until(
    `an email replying to ${marker} in the Local Explorer`,
    async () => (await explorer("per_page=100", z.array(Summary))).find((m) => m.replyTo?.includes(marker))?.messageId ?? null,
    timeoutMs,
  );
  return explorer(new URLSearchParams({ email_id: id }).toString(), Detail);
}
