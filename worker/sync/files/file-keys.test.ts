import { describe, expect, it } from "vitest";
import { contentTypeFor, fileKeyFor, isSyncedFileKey, safeFileName, siteUrlForKey } from "./file-keys";

describe("fileKeyFor", () => {
  it("keys a Notion-hosted file by its file id and name, ignoring the signature", () => {
    const a =
      "https://prod-files-secure.s3.us-west-2.amazonaws.com/ws-1/3f1c2d4e-aaaa-bbbb-cccc-123456789abc/Mills%20Front.png?X-Amz-Signature=1";
    const b = a.replace("Signature=1", "Signature=2&X-Amz-Date=later");
    expect(fileKeyFor(a)).toBe("notion/3f1c2d4e-aaaa-bbbb-cccc-123456789abc/Mills-Front.png");
    expect(fileKeyFor(b)).toBe(fileKeyFor(a));
  });

  it("falls back to a hash of host and path when there is no id segment", () => {
    const key = fileKeyFor("https://host.example/x.png?sig=1");
    expect(key).toMatch(/^notion\/[0-9a-f]{16}\/x\.png$/);
    expect(fileKeyFor("https://host.example/x.png?sig=2")).toBe(key);
    expect(fileKeyFor("https://other.example/x.png")).not.toBe(key);
  });

  it("never lets a name escape its folder", () => {
    const key = fileKeyFor("https://h/ws/abcdef123456/..%2F..%2Fetc%2Fpasswd");
    expect(key.split("/")).toHaveLength(3);
    expect(key).not.toContain("..");
  });
});

describe("isSyncedFileKey", () => {
  it("holds for every key fileKeyFor makes, whatever the URL and name", () => {
    const urls = [
      "https://prod-files-secure.s3.us-west-2.amazonaws.com/ws-1/3F1C2D4E-AAAA-BBBB-CCCC-123456789ABC/Mills%20Front.png?sig=1",
      "https://host.example/x.png",
      "https://host.example/",
      "https://h/ws/abcdef123456/..%2F..%2Fetc%2Fpasswd",
      `https://h/ws/abcdef123456/${"long-name-".repeat(30)}.jpeg`,
      `https://h/ws/abcdef123456/${"-".repeat(130)}x`,
      "https://h/ws/abcdef123456/%E2%98%83%20%F0%9F%8E%B0.gif",
      "https://h/ws/abcdef123456/...",
      "https://h/ws/abcdef123456/%",
    ];
    for (const url of urls) expect([url, isSyncedFileKey(fileKeyFor(url))]).toEqual([url, true]);
    for (const name of ["Café crème (1).JPG", "???", "../../x", ".hidden"])
      expect(isSyncedFileKey(fileKeyFor("https://host.example/", name))).toBe(true);
  });

  it("refuses keys the sync never makes: other folders, short or upper-case ids, odd characters, extra segments", () => {
    for (const key of [
      "private/report.pdf",
      "notion/nope/missing.png",
      "notion/ABCDEF123456/x.png",
      "notion/abcdef123456/a b.png",
      "notion/abcdef123456/x/y.png",
      "notion/abcdef123456/",
      "notion/abcdef123456/..",
      "notion/abcdef123456/.",
      `notion/abcdef123456/${"x".repeat(121)}`,
      "w/400/notion/abcdef123456/x.png",
      "a".repeat(1024),
    ])
      expect([key.slice(0, 40), isSyncedFileKey(key)]).toEqual([key.slice(0, 40), false]);
  });
});

describe("safeFileName", () => {
  it("keeps URL-safe characters and the extension", () => {
    expect(safeFileName("Café crème (1).JPG")).toBe("Cafe-creme-1-.JPG");
    expect(safeFileName("../../x")).toBe("x");
    expect(safeFileName("???")).toBe("file");
  });
});

describe("siteUrlForKey and contentTypeFor", () => {
  it("serves keys under /media and guesses types by extension", () => {
    expect(siteUrlForKey("notion/abc/x.png")).toBe("/media/notion/abc/x.png");
    expect(contentTypeFor("a.JPEG")).toBe("image/jpeg");
    expect(contentTypeFor("a.bin")).toBe("application/octet-stream");
  });
});
