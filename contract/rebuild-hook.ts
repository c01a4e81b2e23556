import * as z from "zod/mini";

/** The longest deploy hook address the admin panel takes (a Workers Builds hook is about 100 characters). */
export const MAX_HOOK_URL_LENGTH = 900;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Why `value` cannot be a deploy hook address, or null: it must be https (or http to this machine, the local demo's hook). */
export function hookUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return "must be an https:// address";
  }
  if (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname))) return null;
  return "must be an https:// address";
}

/**
 * The address as the admin panel shows it once stored: scheme, host and path with the last path segment (the hook's
 * secret id) hidden but for its last 4 characters, no query. Enough to tell which hook it is, never enough to call it.
 */
export function maskHookUrl(value: string): string {
  const url = new URL(value);
  const segments = url.pathname.split("/");
  const last = segments.pop() ?? "";
  const shown = last.length > 8 ? last.slice(-4) : "";
  return `${url.origin}${segments.join("/")}/${"•".repeat(8)}${shown}`;
}

/** Which deploy hook the worker calls after a sync: the admin panel's, else the DEPLOY_HOOK_URL secret, else none. */
export const RebuildHookSourceSchema = z.enum(["panel", "secret", "none"]);

/** Which deploy hook the worker calls after a sync. */
export type RebuildHookSource = z.infer<typeof RebuildHookSourceSchema>;

/** `GET /api/admin/rebuild-hook` answer: the hook in use and where it comes from, masked (never the address itself). */
export const RebuildHookStateSchema = z.object({ source: RebuildHookSourceSchema, maskedUrl: z.nullable(z.string()) });

/** `GET /api/admin/rebuild-hook` answer. */
export type RebuildHookState = z.infer<typeof RebuildHookStateSchema>;

/** `PUT|DELETE /api/admin/rebuild-hook` answer: the state after the change and what happened. */
export const RebuildHookResultSchema = z.extend(RebuildHookStateSchema, { message: z.string() });

/** `PUT|DELETE /api/admin/rebuild-hook` answer. */
export type RebuildHookResult = z.infer<typeof RebuildHookResultSchema>;

/** `PUT /api/admin/rebuild-hook` body: the Workers Builds deploy hook address the operator pasted. */
export const SetRebuildHookBodySchema = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(MAX_HOOK_URL_LENGTH)),
});
