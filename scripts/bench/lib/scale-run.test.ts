import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, type Listening } from "../../lib/listen.ts";
import { maxStepLimits, waitForPageText } from "./scale-run.ts";

let server: Listening;
let requests = 0;

beforeAll(async () => {
  // The page shows the edit from its fourth request on; before that it is the old page (and once a 503, as in a reload).
  server = await listenOnLoopback(
    createServer((_req, res) => {
      requests += 1;
      if (requests === 2) return void res.writeHead(503).end("reloading");
      res.writeHead(200, { "content-type": "text/html" }).end(requests >= 4 ? "<h1>Slot No. 3 edited</h1>" : "<h1>Slot No. 3</h1>");
    }),
  );
});
afterAll(() => server.close());

describe("waiting for a page to show an edit", () => {
  it("polls until the page holds the text and returns the seconds since the edit", async () => {
    const since = performance.now();
    const seconds = await waitForPageText(server.url, ">Slot No. 3 edited</h1>", since, { pollMs: 10 });
    expect(requests).toBe(4);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(5);
  });

  it("fails naming the page and the text when it never shows", async () => {
    await expect(waitForPageText(server.url, "never there", performance.now(), { limitMs: 100, pollMs: 10 })).rejects.toThrow(
      `${server.url} did not show "never there" within 0.1 s`,
    );
  });
});

describe("the most one invocation used, from the sync history", () => {
  it("takes the largest maxStepSubrequests and maxStepMs over the runs that report them", () => {
    const runs = [
      { kind: "full", maxStepSubrequests: 40, maxStepMs: 900 },
      { kind: "table", maxStepSubrequests: 48, maxStepMs: null },
      { kind: "schema" },
    ];
    expect(maxStepLimits({ runs })).toEqual({ subrequests: 48, ms: 900 });
  });

  it("says null (printed n/a) when no run reports them, rather than a number", () => {
    expect(maxStepLimits({ runs: [{ kind: "full", message: "ok" }] })).toEqual({ subrequests: null, ms: null });
  });

  it("refuses an answer that is not a run list", () => {
    expect(() => maxStepLimits({ error: "Sign in" })).toThrow();
  });
});
