import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFaultProxy, type FaultProxy } from "./fault-proxy.ts";
import { listenOnLoopback, type Listening } from "./listen.ts";

let upstream: Listening;
let proxy: FaultProxy;

beforeAll(async () => {
  upstream = await listenOnLoopback(
    createServer((req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: req.url }))),
  );
  proxy = await startFaultProxy(upstream.url, {
    "/twice": { status: 503, headers: { "Retry-After": "2" }, times: 2 },
    "/always": { status: 500, body: '{"error":"down"}' },
    "/cut": { reset: true, times: 1 },
  });
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

describe("the fault proxy", () => {
  it("answers a fault with `times` that often, with its headers, then forwards", async () => {
    for (const _ of [1, 2]) {
      const res = await fetch(`${proxy.url}/twice`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("2");
    }
    expect(await (await fetch(`${proxy.url}/twice?x=1`)).json()).toEqual({ path: "/twice?x=1" });
    expect(proxy.hits("/twice")).toBe(3);
  });

  it("answers a fault without `times` every time", async () => {
    for (const _ of [1, 2, 3]) expect(await (await fetch(`${proxy.url}/always`)).text()).toBe('{"error":"down"}');
  });

  it("cuts the connection without an answer (fetch sees a network error), then forwards", async () => {
    await expect(fetch(`${proxy.url}/cut`)).rejects.toThrow(TypeError);
    expect((await fetch(`${proxy.url}/cut`)).status).toBe(200);
  });
});
