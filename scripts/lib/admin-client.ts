/** A signed-in admin session against a running worker, as the admin panel would use it. */
export type AdminClient = { call<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> };

/** Signs in with the admin password and returns a client that sends the session cookie. */
export async function signIn(baseUrl: string, password: string): Promise<AdminClient> {
  const res = await fetch(`${baseUrl}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ password }),
  });
  if (!res.ok) throw new Error(`Admin sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return {
    async call<T>(path: string, init: { method?: string; body?: unknown } = {}) {
      const response = await fetch(`${baseUrl}${path}`, {
        method: init.method ?? "GET",
        headers: { cookie, origin: baseUrl, ...(init.body ? { "content-type": "application/json" } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status}: ${text || response.statusText}`);
      return JSON.parse(text) as T;
    },
  };
}
