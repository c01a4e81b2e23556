import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeLocalConfig } from "./local-config.ts";

describe("the local worker's config", () => {
  it("is wrangler.toml plus the send_email binding, replaced only when wrangler.toml changed", () => {
    const root = mkdtempSync(join(tmpdir(), "local-config-"));
    writeFileSync(join(root, "wrangler.toml"), 'name = "x"\n');
    const path = writeLocalConfig(root);
    expect(readFileSync(path, "utf8")).toMatch(/^name = "x"\n[\s\S]*\[\[send_email\]\]\nname = "ENQUIRY_EMAIL"\n$/);
    const first = statSync(path).ino;
    writeLocalConfig(root);
    // The same inode: a running wrangler dev watching the file sees no change and keeps its worker.
    expect(statSync(path).ino).toBe(first);
    writeFileSync(join(root, "wrangler.toml"), 'name = "y"\n');
    writeLocalConfig(root);
    expect(readFileSync(path, "utf8")).toMatch(/^name = "y"\n/);
  });
});
