import { vi } from "vitest";

/** A handler for one `METHOD /path` in the fake admin API used by the store tests. */
export type FakeRoute = (body: unknown) => Response | Promise<Response>;

/** Stubs global fetch with `routes` keyed "METHOD /path"; records every call and fails unknown ones with 404. */
export function fakeAdminApi(routes: Record<string, FakeRoute>) {
  const calls: { key: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? "GET"} ${url}`;
    calls.push({ key, init });
    const route = routes[key];
    if (!route) return Response.json({ error: `Not found: ${url}` }, { status: 404, statusText: "Not Found" });
    return route(typeof init.body === "string" ? JSON.parse(init.body) : undefined);
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}
