import { afterEach, describe, expect, it } from "vitest";
import { startDeployHook, type DeployHook } from "./deploy-hook.ts";
import { freePort } from "../lib/ports.ts";

let hook: DeployHook | undefined;
afterEach(async () => {
  await hook?.close();
  hook = undefined;
});

const post = async (url: string) => (await fetch(url, { method: "POST" })).json();
const settled = async (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]);

describe("local deploy hook", () => {
  it("holds publishing from POST /hold until POST /release, and says so in /status", async () => {
    hook = await startDeployHook(
      await freePort(),
      async () => {},
      () => {},
    );
    const base = hook.statusUrl.replace(/\/status$/, "");
    expect(await settled(hook.released())).toBe(true);
    expect(await post(`${base}/hold`)).toEqual({ held: true });
    const released = hook.released();
    expect(await settled(released)).toBe(false);
    expect(await (await fetch(hook.statusUrl)).json()).toEqual({ building: false, held: true, waiting: false });
    expect(await post(`${base}/release`)).toEqual({ held: false });
    expect(await settled(released)).toBe(true);
    expect(await (await fetch(hook.statusUrl)).json()).toEqual({ building: false, held: false, waiting: false });
  });

  it("queues one rebuild at a time once armed and coalesces requests made during a build", async () => {
    let builds = 0;
    let finish = () => {};
    hook = await startDeployHook(
      await freePort(),
      () =>
        new Promise<void>((resolve) => {
          builds++;
          finish = resolve;
        }),
      () => {},
    );
    await post(hook.url);
    expect(builds).toBe(0);
    hook.arm();
    await post(hook.url);
    await post(hook.url);
    await post(hook.url);
    expect(builds).toBe(1);
    expect(await (await fetch(hook.statusUrl)).json()).toEqual({ building: true, held: false, waiting: false });
    finish();
    await new Promise((r) => setTimeout(r, 20));
    expect(builds).toBe(2);
    finish();
    await hook.idle();
    expect(builds).toBe(2);
  });

  it("logs a failed rebuild's message and builds again on the next request", async () => {
    const lines: string[] = [];
    let builds = 0;
    hook = await startDeployHook(
      await freePort(),
      async () => {
        builds++;
        if (builds === 1)
          throw new Error(
            "site build failed, dist left as it was: Cannot build /gallery/slots/a1: GET /api/collection/slots/a1 failed after 6 attempts: 500: down",
          );
      },
      (line) => lines.push(line),
    );
    hook.arm();
    await post(hook.url);
    await hook.idle();
    expect(lines).toContain(
      "rebuild failed: site build failed, dist left as it was: Cannot build /gallery/slots/a1: GET /api/collection/slots/a1 failed after 6 attempts: 500: down",
    );
    await post(hook.url);
    await hook.idle();
    expect(builds).toBe(2);
  });

  it("lets a held publish go when it closes", async () => {
    hook = await startDeployHook(
      await freePort(),
      async () => {},
      () => {},
    );
    await post(hook.statusUrl.replace(/\/status$/, "/hold"));
    const released = hook.released();
    await hook.close();
    hook = undefined;
    expect(await settled(released)).toBe(true);
  });

  it("on close drops a queued rebuild and waits for the running one to end", async () => {
    let builds = 0;
    let finish = () => {};
    hook = await startDeployHook(
      await freePort(),
      () =>
        new Promise<void>((resolve) => {
          builds++;
          finish = resolve;
        }),
      () => {},
    );
    hook.arm();
    await post(hook.url);
    await post(hook.url);
    const closed = hook.close();
    hook = undefined;
    expect(await settled(closed)).toBe(false);
    finish();
    expect(await settled(closed)).toBe(true);
    expect(builds).toBe(1);
  });

  it("deferring, records requests and builds them once, when POST /build asks; after POST /on-request, the next request builds a waiting one with it", async () => {
    const lines: string[] = [];
    let builds = 0;
    hook = await startDeployHook(
      await freePort(),
      async () => {
        builds++;
      },
      (line) => lines.push(line),
      "deferred",
    );
    const base = hook.statusUrl.replace(/\/status$/, "");
    const status = async () => (await fetch(hook!.statusUrl)).json();
    expect(await post(`${base}/build`)).toEqual({ building: false });
    hook.arm();
    await post(hook.url);
    await post(hook.url);
    expect(builds).toBe(0);
    expect(await status()).toEqual({ building: false, held: false, waiting: true });
    expect(lines).toEqual([
      "deploy hook: rebuild requested (built once a test asks for the site)",
      "deploy hook: rebuild requested (built once a test asks for the site)",
    ]);
    expect(await post(`${base}/build`)).toEqual({ building: true });
    await hook.idle();
    expect(builds).toBe(1);
    expect(await status()).toEqual({ building: false, held: false, waiting: false });
    expect(await post(`${base}/build`)).toEqual({ building: false });
    expect(builds).toBe(1);

    await post(hook.url);
    expect(await post(`${base}/on-request`)).toEqual({ mode: "on-request" });
    await hook.idle();
    expect(builds).toBe(1);
    expect(await status()).toEqual({ building: false, held: false, waiting: true });
    await post(hook.url);
    await hook.idle();
    expect(builds).toBe(2);
    expect(await status()).toEqual({ building: false, held: false, waiting: false });
    await post(hook.url);
    await hook.idle();
    expect(builds).toBe(3);
    expect(await post(`${base}/defer`)).toEqual({ mode: "deferred" });
    await post(hook.url);
    await hook.idle();
    expect(builds).toBe(3);
  });
});
