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
    write("live", {
      "index.html": "home",
      "gallery/slots/a.html": "A",
      "gallery/slots/b.html": "B",
      "gone.html": "old",
      "old/x.html": "x",
      "old/deeper/y.html": "y",
    });
    write("build", {
      "index.html": "home",
      "gallery/slots/a.html": "A edited",
      "gallery/slots/b.html": "B",
      "gallery/slots/c.html": "C",
      "sitemap.xml": "<urlset/>",
    });
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
    // A build writes its files after the live copy was published (never within the same millisecond, as here).
    const later = Date.now() / 1000 + 5;
    utimesSync(join(root, "build", "a.html"), later, later);
    expect(publishChanged(join(root, "build"), join(root, "live"))).toMatchObject({ copied: 2, unchanged: 0 });
    expect(readFileSync(join(root, "live", "a.html"), "utf8")).toBe("abd");
    expect(readFileSync(join(root, "live", "news/index.html"), "utf8")).toBe("n");
  });

  it("trusts a published copy of the same size and file time without reading it, and compares content once the time moved", () => {
    write("build", { "a.html": "abc" });
    expect(publishChanged(join(root, "build"), join(root, "live"))).toMatchObject({ copied: 1 });
    const built = statSync(join(root, "build", "a.html"));
    expect(Math.abs(statSync(join(root, "live", "a.html")).mtimeMs - built.mtimeMs)).toBeLessThan(1);
    // Same size and time: counted unchanged unread (here it differs, which only a hand-edited copy could do).
    writeFileSync(join(root, "live", "a.html"), "xyz");
    utimesSync(join(root, "live", "a.html"), built.atime, built.mtime);
    expect(publishChanged(join(root, "build"), join(root, "live"))).toEqual({ copied: 0, unchanged: 1, removed: 0 });
    // The build wrote the file again: its time moved, so the content is compared and the change copied.
    const later = built.mtimeMs / 1000 + 5;
    utimesSync(join(root, "build", "a.html"), later, later);
    expect(publishChanged(join(root, "build"), join(root, "live"))).toEqual({ copied: 1, unchanged: 0, removed: 0 });
    expect(readFileSync(join(root, "live", "a.html"), "utf8")).toBe("abc");
  });

  it("fills an empty or missing folder", () => {
    write("build", { "a.html": "a", "b/c.html": "c" });
    expect(publishChanged(join(root, "build"), join(root, "missing"))).toEqual({ copied: 2, unchanged: 0, removed: 0 });
  });
});
