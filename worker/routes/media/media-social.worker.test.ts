import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { recordMediaFiles } from "../../data/media-files";
import { socialKey } from "../../data/media-variants";
import worker from "../../index";

/** A demo drawing (800x600) as a WebP (social sites do not all show one), as a JPEG, and an SVG logo. */
const WEBP = "notion/0f3c9a1e-dddd-2222-3333-444455556666/castle.webp";
const PNG = "notion/0f3c9a1e-eeee-2222-3333-444455556666/clock.png";
const LOGO = "notion/0f3c9a1e-ffff-2222-3333-444455556666/logo.svg";
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

/** One request through the whole worker, waiting for its background work (the Cache API write). */
async function get(path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`, init), env, ctx);
  const body = await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(init?.method === "HEAD" ? null : body, { status: res.status, headers: res.headers });
}

const drawing = async (name: string) => new Uint8Array(await (await fetch(`${env.NOTION_TEST_URL}/public/${name}`)).arrayBuffer());

describe("GET /media/og/{key}", () => {
  beforeAll(async () => {
    const webp = await (
      await env.IMAGES.input(new Blob([await drawing("slot-castle-front.png")]).stream()).output({ format: "image/webp" })
    )
      .response()
      .arrayBuffer();
    await env.MEDIA.put(WEBP, webp, { httpMetadata: { contentType: "image/webp" } });
    await env.MEDIA.put(PNG, await drawing("ad-clock.png"), { httpMetadata: { contentType: "image/png" } });
    await env.MEDIA.put(LOGO, SVG, { httpMetadata: { contentType: "image/svg+xml" } });
    await recordMediaFiles(env.DB, [WEBP, PNG, LOGO]);
  });

  it("answers a WebP's JPEG copy (at most 1200 px wide), made once and kept in R2", async () => {
    const res = await get(`/media/og/${WEBP}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/jpeg");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
    expect(await env.IMAGES.info(new Blob([bytes]).stream())).toMatchObject({ format: "image/jpeg", width: 800, height: 600 });
    const stored = await env.MEDIA.get(socialKey(WEBP));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
    expect((await get(`/media/og/${WEBP}`, { method: "HEAD" })).headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("serves a PNG as it is when its JPEG would not be smaller (social sites show PNG), recording that once", async () => {
    // The clock drawing's flat colours make a PNG smaller than any JPEG of it.
    const res = await get(`/media/og/${PNG}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(await (await env.MEDIA.get(PNG))!.arrayBuffer()));
    expect((await env.MEDIA.head(socialKey(PNG)))?.customMetadata).toEqual({ use: "original", source: PNG });
  });

  it("serves a file the Images binding cannot read (an SVG) as it is, sandboxed; 400 for a malformed key, 404 for one never copied", async () => {
    const svg = await get(`/media/og/${LOGO}`);
    expect(svg.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(svg.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(await env.MEDIA.head(socialKey(LOGO))).toBeNull();
    const bad = await get("/media/og/..%2Fsecret");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid media path" });
    const missing = await get("/media/og/notion/0a1b2c3d-never-copied/missing.png");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found: /media/notion/0a1b2c3d-never-copied/missing.png" });
  });
});
