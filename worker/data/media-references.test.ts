import { describe, expect, it } from "vitest";
import { mediaKeysIn } from "./media-references";

describe("mediaKeysIn", () => {
  it("reads the R2 keys of /media URLs in a JSON list, a plain value and Markdown", () => {
    expect(
      mediaKeysIn(JSON.stringify(["/media/notion/abc12345/a.png", "https://cdn.example/b.png", "/media/notion/abc12345/b-1.jpg"])),
    ).toEqual(["notion/abc12345/a.png", "notion/abc12345/b-1.jpg"]);
    expect(mediaKeysIn("/media/notion/0123456789abcdef/file")).toEqual(["notion/0123456789abcdef/file"]);
    expect(mediaKeysIn("Intro ![Bell](/media/notion/abc12345/bell.webp) and ![](/media/notion/def67890/x.gif).")).toEqual([
      "notion/abc12345/bell.webp",
      "notion/def67890/x.gif",
    ]);
    expect(mediaKeysIn("no files here, not even https://example.com/media")).toEqual([]);
  });
});
