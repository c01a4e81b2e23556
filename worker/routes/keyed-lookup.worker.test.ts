import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import type { AppEnv } from "../app-env";
import { onError } from "../lib/errors";
import { currentCacheKeys } from "../test/cache-keys";
import { freshCache } from "../test/http";
import { keyedLookup } from "./keyed-lookups";

const reads: string[] = [];
const app = new Hono<AppEnv>().onError(onError);
app.route(
  "/widgets",
  keyedLookup({
    param: "widgetName",
    cache: ["section", "widget"],
    notFound: "Widget",
    read: async (_db, value) => {
      reads.push(value);
      return value.toLowerCase() === "lamp" ? { name: value } : null;
    },
  }),
);

async function get(path: string) {
  const ctx = createExecutionContext();
  const res = await app.request(path, {}, env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, cache: res.headers.get("X-Cache"), body: await res.json() };
}

beforeEach(async () => {
  reads.length = 0;
  await freshCache();
});

describe("keyedLookup", () => {
  it("answers the record read for the parameter, then from the cache under the case-folded parameter", async () => {
    expect(await get("/widgets/Lamp")).toEqual({ status: 200, cache: "MISS", body: { name: "Lamp" } });
    expect(await get("/widgets/LAMP")).toEqual({ status: 200, cache: "HIT", body: { name: "Lamp" } });
    expect(reads).toEqual(["Lamp"]);
    expect(await currentCacheKeys()).toContain("cache:section:widget:lamp");
  });

  it("answers 404 naming the subject and the value when the read finds nothing, and stores nothing", async () => {
    expect(await get("/widgets/Chair")).toEqual({ status: 404, cache: null, body: { error: "Widget not found: Chair" } });
    expect(await currentCacheKeys()).not.toContain("cache:section:widget:chair");
  });

  it("answers 400 naming the parameter for a value that is not a slug, without reading", async () => {
    expect(await get("/widgets/%3Cscript%3E")).toEqual({
      status: 400,
      cache: null,
      body: { error: "Invalid widgetName: must be 1 to 100 letters, digits, spaces, '_', '-' or '.'" },
    });
    expect(reads).toEqual([]);
  });
});
