import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { ADMIN_PATHS } from "#contract/api-paths";

/** Options of one admin call; `untimed` waits for the answer however long the worker works (a full sync can take many minutes). */
export type AdminCallInit = { method?: string; body?: unknown; untimed?: boolean };

/** A signed-in admin session against a running worker, as the admin panel would use it. */
export type AdminClient = { call<T>(path: string, init?: AdminCallInit): Promise<T> };

type Answer = { status: number; statusText: string; text: string };

/** Node's fetch gives up on an answer whose headers take more than 5 minutes; node:http(s) waits as long as the connection lives. */
function sendUntimed(url: string, method: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
  const request = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", text }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Signs in with the admin password and returns a client that sends the session cookie. */
export async function signIn(baseUrl: string, password: string): Promise<AdminClient> {
  const res = await fetch(`${baseUrl}${ADMIN_PATHS.session}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ password }),
  });
  if (!res.ok) throw new Error(`Admin sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return {
    async call<T>(path: string, init: AdminCallInit = {}) {
      const method = init.method ?? "GET";
      const headers: Record<string, string> = { cookie, origin: baseUrl, ...(init.body ? { "content-type": "application/json" } : {}) };
      const body = init.body ? JSON.stringify(init.body) : undefined;
      const answer = init.untimed
        ? await sendUntimed(`${baseUrl}${path}`, method, headers, body)
        : await fetch(`${baseUrl}${path}`, { method, headers, body }).then(async (r) => ({
            status: r.status,
            statusText: r.statusText,
            text: await r.text(),
          }));
      if (answer.status < 200 || answer.status >= 300)
        throw new Error(`${method} ${path}: ${answer.status}: ${answer.text || answer.statusText}`);
      return JSON.parse(answer.text) as T;
    },
  };
}
