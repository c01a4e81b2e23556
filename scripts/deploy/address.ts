import { z } from "zod";
import { DeployError, jsonIn } from "./account.ts";
import type { Wrangler } from "./wrangler.ts";

/** A GET on Cloudflare's API (v4) with the credential wrangler uses: the answer's `result`, or null when it answers 404. */
export type CloudflareGet = (path: string) => Promise<unknown>;

const API_BASE = "https://api.cloudflare.com/client/v4";

const Credential = z.union([
  z.object({ type: z.enum(["api_token", "oauth"]), token: z.string() }),
  z.object({ type: z.literal("api_key"), key: z.string(), email: z.string() }),
]);

/**
 * Cloudflare's API with the credential wrangler itself holds (`wrangler auth token --json`): the build platform's API
 * token in Workers Builds, the dealer's `wrangler login` on a laptop; null when wrangler holds none. Never printed.
 */
export async function cloudflareApi(wrangler: Wrangler, fetchImpl: typeof fetch = fetch): Promise<CloudflareGet | null> {
  const { code, out } = await wrangler(["auth", "token", "--json"]);
  if (code !== 0) return null;
  let credential: z.infer<typeof Credential>;
  try {
    credential = Credential.parse(jsonIn(out));
  } catch {
    return null;
  }
  const headers: Record<string, string> =
    credential.type === "api_key"
      ? { "X-Auth-Key": credential.key, "X-Auth-Email": credential.email }
      : { Authorization: `Bearer ${credential.token}` };
  return async (path) => {
    const res = await fetchImpl(`${API_BASE}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    const body = (await res.json().catch(() => null)) as { success?: boolean; result?: unknown; errors?: { message?: string }[] } | null;
    if (!res.ok || !body?.success)
      throw new DeployError(
        `Cloudflare's API answered ${res.status} to GET ${path}: ${body?.errors?.map((e) => e.message).join("; ") || "no reason given"}`,
      );
    return body.result;
  };
}

/** Where the site is: whether its worker exists yet, the address the build reads the API at, and the address the pages name as theirs. */
export type SiteAddress = { exists: boolean; apiUrl: string | null; siteUrl: string | null };

const ScriptSubdomain = z.object({ enabled: z.boolean() });
const AccountSubdomain = z.object({ subdomain: z.string() });
const CustomDomains = z.array(z.object({ hostname: z.string(), service: z.string().optional() }));

/**
 * Learns the site's address from Cloudflare, as a build needs it with nothing typed by a person: whether the worker
 * exists (a first deploy: nothing ever published), its workers.dev address (account subdomain + worker name, when
 * workers.dev is on) and its first custom domain. The API is read at workers.dev when on, the pages name the custom
 * domain when there is one.
 */
export async function discoverSite(
  get: CloudflareGet,
  accountId: string,
  worker: string,
  workersDevByDefault = true,
): Promise<SiteAddress> {
  const account = `/accounts/${encodeURIComponent(accountId)}/workers`;
  const script = await get(`${account}/scripts/${encodeURIComponent(worker)}/subdomain`);
  const exists = script !== null;
  const subdomain = AccountSubdomain.safeParse(await get(`${account}/subdomain`));
  const domains = exists ? CustomDomains.safeParse(await get(`${account}/domains?service=${encodeURIComponent(worker)}`)) : null;
  const onWorkersDev = exists ? ScriptSubdomain.safeParse(script).data?.enabled === true : workersDevByDefault;
  const workersDev = subdomain.success && onWorkersDev ? `https://${worker}.${subdomain.data.subdomain}.workers.dev` : null;
  const hostname = domains?.data?.find((d) => d.service === undefined || d.service === worker)?.hostname;
  const custom = hostname ? `https://${hostname}` : null;
  return { exists, apiUrl: workersDev ?? custom, siteUrl: custom ?? workersDev };
}

/** SITE_API_URL and SITE_URL, a developer's override of what discoverSite finds (trailing slashes dropped). */
export function addressOverride(env: NodeJS.ProcessEnv): { apiUrl?: string; siteUrl?: string } {
  const clean = (value: string | undefined) => value?.trim().replace(/\/+$/, "") || undefined;
  return { apiUrl: clean(env.SITE_API_URL), siteUrl: clean(env.SITE_URL) };
}
