import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, utimes, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeCspHeaders } from "./csp-headers";
import { ANALYTICS_BEACON_URL, contentSecurityPolicy, inlineScriptHashes, loadsAnalyticsBeacon, withCsp } from "./csp";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the exact text of each inline script the browser runs, classic or module", () => {
    const html = `<head><script>a()</script><script type="module">\n  b();\n</script><script is:inline type=text/javascript>c()</script></head>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha("\n  b();\n"), sha("c()")]);
  });

  it("leaves out scripts with src and data blocks such as JSON-LD", () => {
    const html = `<script src="/_astro/a.js"></script><script type="module" src="/_astro/b.js"></script><script type="application/ld+json">{"@type":"Product"}</script><script type="importmap">{}</script>`;
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows our own scripts and the given hashes (each once, sorted), frames nothing and no plugins", () => {
    const policy = contentSecurityPolicy([sha("b"), sha("a"), sha("b")]);
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' ${[sha("a"), sha("b")].sort().join(" ")}; frame-src https://www.youtube-nocookie.com https://player.vimeo.com; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
    );
    expect(policy).not.toContain("unsafe-eval");
    expect(policy.split("; ").find((d) => d.startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(policy).not.toContain("challenges.cloudflare.com");
  });

  it("lets Turnstile's script and frame load from its origin only when the site is built with a Turnstile key", () => {
    const directives = contentSecurityPolicy([sha("a")], { turnstile: true }).split("; ");
    expect(directives).toContain(`script-src 'self' https://challenges.cloudflare.com ${sha("a")}`);
    expect(directives).toContain("frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://challenges.cloudflare.com");
    expect(directives).toContain("form-action 'self'");
    expect(directives).toContain("connect-src 'self'");
  });
});

describe("the Web Analytics beacon", () => {
  it("is allowed to load and to report only when asked", () => {
    const directives = contentSecurityPolicy([sha("a")], { analytics: true }).split("; ");
    expect(directives).toContain(`script-src 'self' https://static.cloudflareinsights.com/beacon.min.js ${sha("a")}`);
    expect(directives).toContain("connect-src 'self' https://cloudflareinsights.com");
    expect(contentSecurityPolicy([sha("a")])).not.toContain("cloudflareinsights");
  });

  it("is found in a page that loads it, and in no other", () => {
    expect(loadsAnalyticsBeacon(`<script defer src="${ANALYTICS_BEACON_URL}" data-cf-beacon='{"token":"x"}'></script>`)).toBe(true);
    expect(loadsAnalyticsBeacon(`<script src="/_astro/a.js"></script><p>${ANALYTICS_BEACON_URL}</p>`)).toBe(false);
    expect(loadsAnalyticsBeacon(`<script src="${ANALYTICS_BEACON_URL}.evil.example/x.js"></script>`)).toBe(false);
  });

  it("is allowed in _headers when a built page loads it, the memo remembering that for pages left unread", async () => {
    const dir = await mkdtemp(join(tmpdir(), "csp-"));
    const memo = join(dir, "..", `${dir.split("/").pop()}-memo.json`);
    try {
      await writeFile(join(dir, "a.html"), `<script defer src="${ANALYTICS_BEACON_URL}"></script>`);
      await writeFile(join(dir, "_headers"), "/*\n");
      expect(await writeCspHeaders(dir, memo)).toContain("connect-src 'self' https://cloudflareinsights.com");
      await writeFile(join(dir, "_headers"), "/*\n");
      expect(await writeCspHeaders(dir, memo)).toContain(`script-src 'self' ${ANALYTICS_BEACON_URL}`);
      await writeFile(join(dir, "a.html"), "<p>no beacon now</p>");
      await writeFile(join(dir, "_headers"), "/*\n");
      expect(await writeCspHeaders(dir, memo)).not.toContain("cloudflareinsights");
    } finally {
      await rm(dir, { recursive: true });
      await rm(memo, { force: true });
    }
  });
});

describe("withCsp", () => {
  it("adds the policy to the /* rule only", () => {
    expect(withCsp("/*\n  X-A: 1\n/_astro/*\n  Cache-Control: x\n", "default-src 'self'")).toBe(
      "/*\n  Content-Security-Policy: default-src 'self'\n  X-A: 1\n/_astro/*\n  Cache-Control: x\n",
    );
  });

  it("refuses a _headers file without a /* rule", () => {
    expect(() => withCsp("/_astro/*\n  Cache-Control: x\n", "x")).toThrow("_headers has no /* rule");
  });
});

describe("writeCspHeaders", () => {
  it("collects the inline scripts of every page, nested ones included, into dist/_headers", async () => {
    const dir = await mkdtemp(join(tmpdir(), "csp-"));
    try {
      await mkdir(join(dir, "gallery"));
      await writeFile(join(dir, "index.html"), "<script>home()</script>");
      await writeFile(join(dir, "gallery", "slots.html"), "<script>list()</script><script>home()</script>");
      await writeFile(join(dir, "_headers"), "/*\n  X-A: 1\n");
      const policy = await writeCspHeaders(dir);
      expect(policy).toContain(`script-src 'self' ${[sha("home()"), sha("list()")].sort().join(" ")};`);
      expect(await readFile(join(dir, "_headers"), "utf8")).toBe(`/*\n  Content-Security-Policy: ${policy}\n  X-A: 1\n`);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it("reads again only the pages whose size or file time changed since the memo, so a reused page keeps its hashes unread", async () => {
    const dir = await mkdtemp(join(tmpdir(), "csp-"));
    const memo = join(dir, "..", `${dir.split("/").pop()}-memo.json`);
    try {
      await writeFile(join(dir, "a.html"), "<script>one()</script>");
      await writeFile(join(dir, "b.html"), "<script>two()</script>");
      await writeFile(join(dir, "_headers"), "/*\n");
      const whole = Math.floor(Date.now() / 1000) - 60;
      await utimes(join(dir, "a.html"), whole, whole);
      expect(await writeCspHeaders(dir, memo)).toContain(`script-src 'self' ${[sha("one()"), sha("two()")].sort().join(" ")};`);
      // a.html changes behind the memo's back, keeping its size and time: the memo's hashes stand (it is not read).
      await writeFile(join(dir, "a.html"), "<script>uno()</script>");
      await utimes(join(dir, "a.html"), whole, whole);
      // b.html is written again (a page the build rendered): read again.
      await writeFile(join(dir, "b.html"), "<script>three()</script>");
      await utimes(join(dir, "b.html"), new Date(Date.now() + 5000), new Date(Date.now() + 5000));
      await writeFile(join(dir, "_headers"), "/*\n");
      expect(await writeCspHeaders(dir, memo)).toContain(`script-src 'self' ${[sha("one()"), sha("three()")].sort().join(" ")};`);
    } finally {
      await rm(dir, { recursive: true });
      await rm(memo, { force: true });
    }
  });

  it("reads a page copied back from Astro's cache only when that copy changed, and parses only content new to the memo", async () => {
    const dir = await mkdtemp(join(tmpdir(), "csp-"));
    const memo = join(dir, "..", `${dir.split("/").pop()}-memo.json`);
    try {
      await writeFile(join(dir, "a.html"), "<script>one()</script>");
      await writeFile(join(dir, "_headers"), "/*\n");
      await writeCspHeaders(dir, memo);
      const stored = JSON.parse(await readFile(memo, "utf8")) as { contents: Record<string, { hashes: string[]; beacon: boolean }> };
      // The memo says this content's scripts hash to two(): a copy of the same content, written anew, is not parsed.
      for (const digest of Object.keys(stored.contents)) stored.contents[digest] = { hashes: [sha("two()")], beacon: false };
      await writeFile(memo, JSON.stringify(stored));
      await writeFile(join(dir, "a.html"), "<script>one()</script>");
      await utimes(join(dir, "a.html"), new Date(Date.now() + 5000), new Date(Date.now() + 5000));
      await writeFile(join(dir, "_headers"), "/*\n");
      expect(await writeCspHeaders(dir, memo)).toContain(`script-src 'self' ${sha("two()")};`);
      // A copy of Astro's cached page that has not changed since the memo is not read at all.
      const cache = await mkdtemp(join(tmpdir(), "csp-cache-"));
      await writeFile(join(cache, "a.html"), "<script>one()</script>");
      await writeFile(join(dir, "_headers"), "/*\n");
      await writeCspHeaders(dir, memo, cache);
      await writeFile(join(dir, "a.html"), "<script>uno()</script>");
      await utimes(join(dir, "a.html"), new Date(Date.now() + 9000), new Date(Date.now() + 9000));
      await writeFile(join(dir, "_headers"), "/*\n");
      expect(await writeCspHeaders(dir, memo, cache)).toContain(`script-src 'self' ${sha("two()")};`);
      // Astro rendered the page again (the page and its cached copy written anew): it is read.
      for (const file of [join(cache, "a.html"), join(dir, "a.html")]) {
        await writeFile(file, "<script>uno()</script>");
        await utimes(file, new Date(Date.now() + 12000), new Date(Date.now() + 12000));
      }
      await writeFile(join(dir, "_headers"), "/*\n");
      expect(await writeCspHeaders(dir, memo, cache)).toContain(`script-src 'self' ${sha("uno()")};`);
      await rm(cache, { recursive: true });
      // Content it has not seen is parsed.
      await writeFile(join(dir, "a.html"), "<script>four()</script>");
      await writeFile(join(dir, "_headers"), "/*\n");
      expect(await writeCspHeaders(dir, memo)).toContain(`script-src 'self' ${sha("four()")};`);
    } finally {
      await rm(dir, { recursive: true });
      await rm(memo, { force: true });
    }
  });
});
