import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyTurnstile } from "./turnstile";

let server: Server;
let url = "";
const seen: unknown[] = [];

/** A Siteverify stand-in speaking its JSON: `?answer=` picks what it says, `?status=` its status, `?hang` never answers. */
beforeAll(async () => {
  server = createServer((req, res) => {
    const query = new URL(req.url ?? "/", "http://x").searchParams;
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      seen.push({ contentType: req.headers["content-type"], body: JSON.parse(body) });
      if (query.has("hang")) return;
      res.writeHead(Number(query.get("status") ?? 200), { "content-type": "application/json" });
      res.end(query.get("answer") ?? JSON.stringify({ success: true, "error-codes": [], hostname: "coin-op.example" }));
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/siteverify`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe("verifyTurnstile", () => {
  it("posts the secret, the token and the visitor's address as JSON, and passes what Siteverify passes", async () => {
    expect(await verifyTurnstile("token-1", { secret: "s3cret", remoteIp: "203.0.113.5", url })).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({
      contentType: "application/json",
      body: { secret: "s3cret", response: "token-1", remoteip: "203.0.113.5" },
    });
  });

  it("fails with Cloudflare's error codes what Siteverify fails", async () => {
    const answer = encodeURIComponent(JSON.stringify({ success: false, "error-codes": ["timeout-or-duplicate"] }));
    expect(await verifyTurnstile("used", { secret: "s", url: `${url}?answer=${answer}` })).toEqual({
      ok: false,
      codes: ["timeout-or-duplicate"],
    });
  });

  it("calls Siteverify unavailable when it answers an error status, something else than its JSON, or nothing in time", async () => {
    expect(await verifyTurnstile("t", { secret: "s", url: `${url}?status=502` })).toEqual({
      ok: "unavailable",
      reason: "Siteverify answered 502",
    });
    expect((await verifyTurnstile("t", { secret: "s", url: `${url}?answer=%3Chtml%3E` })).ok).toBe("unavailable");
    expect((await verifyTurnstile("t", { secret: "s", url: `${url}?hang`, timeoutMs: 200 })).ok).toBe("unavailable");
  });
});
