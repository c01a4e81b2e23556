import { describe, expect, it, vi } from "vitest";
import { lazyModule } from "./lazy-module";

describe("a module fetched on first use", () => {
  it("is fetched once however many callers ask, and fetched again after a failed try", async () => {
    const load = vi
      .fn<() => Promise<{ parse: string }>>()
      .mockRejectedValueOnce(new Error("chunk gone"))
      .mockResolvedValue({ parse: "ok" });
    const module = lazyModule(load);
    await expect(module()).rejects.toThrow("chunk gone");
    const [a, b] = await Promise.all([module(), module()]);
    expect(a).toEqual({ parse: "ok" });
    expect(b).toBe(a);
    await module();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
