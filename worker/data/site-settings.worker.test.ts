import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { clearSetting, readSetting, writeSetting } from "./site-settings";

const PAGE = "0123456789abcdef0123456789abcdef";

describe("site settings", () => {
  it("reads back what was written, and null once cleared", async () => {
    expect(await readSetting(env.DB, "notionParentPageId")).toBeNull();
    await writeSetting(env.DB, "notionParentPageId", PAGE);
    expect(await readSetting(env.DB, "notionParentPageId")).toBe(PAGE);
    await clearSetting(env.DB, "notionParentPageId");
    expect(await readSetting(env.DB, "notionParentPageId")).toBeNull();
  });

  it("refuses a value its schema rejects, and writes nothing", async () => {
    await expect(writeSetting(env.DB, "notionParentPageId", "not-an-id")).rejects.toThrow();
    expect(await readSetting(env.DB, "notionParentPageId")).toBeNull();
  });

  it("reads a stored value that no longer passes its schema as unset", async () => {
    await env.DB.prepare("INSERT INTO site_settings (key, value, updated_at) VALUES ('notionParentPageId', '\"bad\"', 'now')").run();
    expect(await readSetting(env.DB, "notionParentPageId")).toBeNull();
  });
});
