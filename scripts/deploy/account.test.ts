import { describe, expect, it } from "vitest";
import { deployedFrom, jsonIn } from "./account.ts";

describe("wrangler's JSON answers", () => {
  it("are read from the first line opening an array or object, past a warning naming [WARNING]", () => {
    expect(jsonIn('▲ [WARNING] Processing wrangler.toml configuration:\n  - something\n\n[{"name":"DB"}]\n')).toEqual([{ name: "DB" }]);
    expect(jsonIn('{"loggedIn":true}')).toEqual({ loggedIn: true });
    expect(() => jsonIn("✘ [ERROR] nothing")).toThrow("wrangler printed no JSON:\n✘ [ERROR] nothing");
  });
});

describe("what wrangler deploy reports in its output file (WRANGLER_OUTPUT_FILE_PATH)", () => {
  it("is read from its `deploy` entry, past the session entry: the worker's addresses and the bundle's size", () => {
    const output = [
      { type: "wrangler-session", version: 1, wrangler_version: "4.164.0" },
      {
        type: "deploy",
        version: 1,
        worker_name: "coin-op-catalogue",
        targets: ["https://coin-op-catalogue.dealer.workers.dev", "https://shop.example.com"],
        bundle_size: { raw_bytes: 1218458, gzip_bytes: 222720 },
      },
    ]
      .map((entry) => JSON.stringify(entry))
      .join("\n");
    expect(deployedFrom(`${output}\n`)).toEqual({
      targets: ["https://coin-op-catalogue.dealer.workers.dev", "https://shop.example.com"],
      bundleBytes: 1218458,
    });
    expect(deployedFrom('{"type":"wrangler-session","version":1}\n')).toBeNull();
    expect(deployedFrom("")).toBeNull();
  });
});
