/** Cloudflare Turnstile: a widget's token checked with the Siteverify API before an enquiry is accepted. */
import { z } from "zod";

/** Cloudflare's Siteverify endpoint (the default of the TURNSTILE_VERIFY_URL var). */
const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** How long the check may take before the enquiry is refused as unverifiable. */
const SITEVERIFY_TIMEOUT_MS = 10_000;

/** The fields of a Siteverify answer that are read. */
const SiteverifyAnswer = z.object({ success: z.boolean(), "error-codes": z.array(z.string()).optional() });

/** A check's outcome: passed, failed (with Cloudflare's error codes, e.g. `timeout-or-duplicate`), or Siteverify could not answer. */
export type TurnstileOutcome = { ok: true } | { ok: false; codes: string[] } | { ok: "unavailable"; reason: string };

/** Asks Siteverify whether `token` is a fresh, unused token of the widget `secret` belongs to (the visitor's address helps it decide). */
export async function verifyTurnstile(
  token: string,
  options: { secret: string; remoteIp?: string; url?: string; timeoutMs?: number },
): Promise<TurnstileOutcome> {
  const body = { secret: options.secret, response: token, ...(options.remoteIp ? { remoteip: options.remoteIp } : {}) };
  let res: Response;
  try {
    res = await fetch(options.url || SITEVERIFY_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? SITEVERIFY_TIMEOUT_MS),
    });
  } catch (err) {
    return { ok: "unavailable", reason: err instanceof Error ? err.message : String(err) };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { ok: "unavailable", reason: `Siteverify answered ${res.status}` };
  }
  const parsed = SiteverifyAnswer.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return { ok: "unavailable", reason: "Siteverify answered something else than its JSON" };
  return parsed.data.success ? { ok: true } : { ok: false, codes: parsed.data["error-codes"] ?? [] };
}
