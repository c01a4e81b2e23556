import { describe, expect, it } from "vitest";
import { jsonIn } from "./account.ts";

describe("wrangler's JSON answers", () => {
  it("are read from the first line opening an array or object, past a warning naming [WARNING]", () => {
    expect(jsonIn('▲ [WARNING] Processing wrangler.toml configuration:\n  - something\n\n[{"name":"DB"}]\n')).toEqual([{ name: "DB" }]);
    expect(jsonIn('{"loggedIn":true}')).toEqual({ loggedIn: true });
    expect(() => jsonIn("✘ [ERROR] nothing")).toThrow("wrangler printed no JSON:\n✘ [ERROR] nothing");
  });
});
