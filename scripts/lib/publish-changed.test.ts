import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publishChanged } from "./publish-changed.ts";

let root: string;
const write = (dir: string, files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, dir, name)), { recursive: true });
    writeFileSync(join(root, dir, name), text);
  }
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "publish-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("publishing a build", () => {
  it("copies only new and changed files, leaves equal ones untouched, and removes what the build no longer has", () => {
    write("live", { "index.html": "home", "gallery/slots/a.html": "A", "gallery/slots/b.html": "B", "gone.html": "old", "old/x.html": "x", "old/deeper/y.html": "y" });
    write("build", { "index.html": "home", "gallery/slots/a.html": "A edited", "gallery/slots/b.html": "B", "gallery/slots/c.html": "C", "sitemap.xml": "<urlset/>" });
    const past = Date.now() / 1000 - 3600;
    utimesSync(join(root, "live", "gallery/slots/b.html"), past, past);
    expect(publishChanged(join(root, "build"), join(root, "live"))).toEqual({ copied: 3, unchanged: 2, removed: 3 });
    expect(readFileSync(join(root, "live", "gallery/slots/a.html"), "utf8")).toBe("A edited");
    expect(readFileSync(join(root, "live", "gallery/slots/c.html"), "utf8")).toBe("C");
    expect(statSync(join(root, "live", "gallery/slots/b.html")).mtimeMs).toBe(past * 1000);
    expect(existsSync(join(root, "live", "gone.html"))).toBe(false);
    expect(existsSync(join(root, "live", "old"))).toBe(false);
  });

  it("sees a change that keeps the size, and replaces a file by a folder of the same name", () => {
    write("live", { "a.html": "abc", news: "a file" });
    write("build", { "a.html": "abd", "news/index.html": "n" });
    expect(publishChanged(join(root, "build"), join(root, "live"))).toMatchObject({ copied: 2, unchanged: 0 });
    expect(readFileSync(join(root, "live", "a.html"), "utf8")).toBe("abd");
    expect(readFileSync(join(root, "live", "news/index.html"), "utf8")).toBe("n");
  });

  it("fills an empty or missing folder", () => {
    write("build", { "a.html": "a", "b/c.html": "c" });
    expect(publishChanged(join(root, "build"), join(root, "missing"))).toEqual({ copied: 2, unchanged: 0, removed: 0 });
  });
});
