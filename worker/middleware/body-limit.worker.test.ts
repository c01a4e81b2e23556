import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PATHS } from "#contract/api-paths";
import { adminCookie, TEST_ORIGIN } from "../test/admin";

const MEGABYTE = 1024 * 1024;
const CLIENT = "203.0.113.77";

/** A JSON-looking body of `size` bytes, as one buffer (sent with Content-Length) or as a stream of 64 KB chunks (chunked, no Content-Length). */
function body(size: number, chunked: boolean): BodyInit {
  const bytes = new TextEncoder().encode(`{"password":"${"x".repeat(size - 16)}"}`);
  if (!chunked) return bytes;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 64 * 1024));
      at += 64 * 1024;
    },
  });
}

async function post(path: string, payload: BodyInit, headers: Record<string, string> = {}, method = "POST") {
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, "cf-connecting-ip": CLIENT, ...headers },
    body: payload,
  });
  if (payload instanceof ReadableStream) expect(request.headers.get("content-length")).toBeNull();
  const started = performance.now();
  const res = await exports.default.fetch(request);
  return { res, ms: performance.now() - started };
}

beforeEach(async () => {
  await env.DB.exec("DELETE FROM admin_attempts");
});

describe("request body limits", () => {
  for (const chunked of [false, true]) {
    const how = chunked ? "chunked, without Content-Length" : "with Content-Length";
    it(`answers a 1 MB sign-in body (${how}) with 413 JSON before counting an attempt`, async () => {
      const { res, ms } = await post("/api/admin/session", body(MEGABYTE, chunked));
      console.log(`body limit: 1 MB sign-in body ${how}: ${res.status} in ${ms.toFixed(1)} ms`);
      expect(res.status).toBe(413);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: "Request body too large: the limit is 4096 bytes" });
      expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM admin_attempts").first("n")).toBe(0);
    });

    it(`answers a 1 MB admin body (${how}) with 413 before reading it`, async () => {
      const { res } = await post("/api/admin/notion-sync-table", body(MEGABYTE, chunked), { cookie: await adminCookie() });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ error: "Request body too large: the limit is 1024 bytes" });
    });
  }

  it("lets a sign-in body of up to 4 KB through to the password check", async () => {
    const { res } = await post("/api/admin/session", JSON.stringify({ password: "x".repeat(1000) }));
    expect(res.status).toBe(401);
    const chunked = await post("/api/admin/session", body(1024, true));
    expect(chunked.res.status).toBe(401);
  });

  it("answers a large admin body without a session 401, never reading it", async () => {
    const { res } = await post("/api/admin/notion-sync-table", body(MEGABYTE, true));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Sign in to use the admin panel" });
  });

  // Every admin call that reads a body: each attaches the limit itself.
  it.each([
    ["PUT", ADMIN_PATHS.settings],
    ["PUT", ADMIN_PATHS.rebuildHook],
    ["PUT", ADMIN_PATHS.notionParent],
    ["POST", ADMIN_PATHS.syncTable],
    ["POST", ADMIN_PATHS.confirmRemoval],
    ["POST", `${ADMIN_PATHS.firstRun}/setup`],
    ["POST", `${ADMIN_PATHS.enquiries}/delete`],
  ])("answers a 2 KB body to %s %s with 413 JSON naming the 1 KB limit", async (method, path) => {
    const { res } = await post(path, body(2048, false), { cookie: await adminCookie() }, method);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Request body too large: the limit is 1024 bytes" });
  });

  it("lets a small admin body through, and refuses one just over 1 KB", async () => {
    const cookie = await adminCookie();
    const small = await post("/api/admin/notion-sync-table", JSON.stringify({ tableName: "", databaseId: "" }), { cookie });
    expect(small.res.status).toBe(400);
    const over = await post("/api/admin/notion-sync-table", JSON.stringify({ tableName: "x".repeat(1024), databaseId: "y" }), { cookie });
    expect(over.res.status).toBe(413);
  });
});
