import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listenOnLoopback, type Listening } from "../../../scripts/lib/listen.ts";
import { pngHeader as png } from "#contract/test/png-header";
import { testCatalogueItem } from "../../test/fixtures";

type Modules = { catalogue: typeof import("./catalogue"); responsive: typeof import("./responsive"); probe: typeof import("./probe") };

let server: Listening;
const hits = new Map<string, number>();
let m: Modules;

const ITEMS = [
  testCatalogueItem({
    id: "s1",
    category: "slots",
    title: "Mills Bell",
    mainImageUrl: "/media/notion/a/known.png",
    additionalImageUrls: ["/media/notion/b/old.png"],
  }),
];

beforeAll(async () => {
  server = await listenOnLoopback(
    createServer((req, res) => {
      const path = req.url ?? "/";
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (path === "/api/build/status") return res.writeHead(200, { "content-type": "application/json" }).end('{"published":true}');
      if (path === "/api/build/catalogue/slots")
        return res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ items: ITEMS, next: null, imageSizes: { "/media/notion/a/known.png": { width: 1000, height: 750 } } }));
      // Both originals answer, so a probe of either would succeed: only the hit count tells whether it was read.
      if (path.startsWith("/media/notion/")) return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from(png(500, 400)));
      res.writeHead(404).end();
    }),
  );
  vi.stubEnv("SITE_API_URL", server.url);
  // Imported afresh, as the modules read the environment and keep the catalogue they fetched (unit files share workers).
  vi.resetModules();
  m = { catalogue: await import("./catalogue"), responsive: await import("./responsive"), probe: await import("./probe") };
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe("item image sizes at build time", () => {
  it("takes the size the catalogue answer gives and never probes that image", async () => {
    const before = m.probe.probeCounts().probed;
    await m.catalogue.categoryItems("slots");
    expect(await m.responsive.responsiveSrcset("/media/notion/a/known.png")).toBe(
      "/media/w/160/notion/a/known.png 160w, /media/w/400/notion/a/known.png 400w, /media/w/800/notion/a/known.png 800w, /media/w/1200/notion/a/known.png 1000w",
    );
    expect(await m.probe.probeImage("/media/notion/a/known.png")).toEqual({ width: 1000, height: 750 });
    expect(hits.get("/media/notion/a/known.png")).toBeUndefined();
    expect(m.probe.probeCounts().probed).toBe(before);
  });

  it("probes an image the answer gives no size for (a file copied before sizes were recorded), once per build", async () => {
    const before = m.probe.probeCounts().probed;
    await m.catalogue.categoryItems("slots");
    const srcset = "/media/w/160/notion/b/old.png 160w, /media/w/400/notion/b/old.png 400w, /media/w/800/notion/b/old.png 500w";
    expect(await m.responsive.responsiveSrcset("/media/notion/b/old.png")).toBe(srcset);
    expect(await m.responsive.responsiveSrcset("/media/notion/b/old.png")).toBe(srcset);
    expect(hits.get("/media/notion/b/old.png")).toBe(1);
    expect(m.probe.probeCounts().probed).toBe(before + 1);
  });
});
