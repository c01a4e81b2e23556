// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertApiReachable, describeCatalogue } from "./site/lib/build/preflight.ts";
import { writeCspHeaders } from "./site/lib/build/csp-headers.ts";
import { probeCounts } from "./site/lib/build/probe.ts";
import { ALLOW_SHRINK_ENV, guardCatalogueShrink } from "./site/lib/build/shrink-guard.ts";

/** Astro's cache folder (the incremental build's manifest and pages, and the CSP memo): SITE_CACHE_DIR, else Astro's own. */
const CACHE_DIR = process.env.SITE_CACHE_DIR || "./node_modules/.astro";

/** Public site: prerendered from the worker's API (SITE_API_URL) into dist/, served by the worker as static assets. */
export default defineConfig({
  site: process.env.SITE_URL || "http://127.0.0.1:8787",
  srcDir: "./site",
  publicDir: "./site/public",
  outDir: "./dist",
  output: "static",
  // Pages are written as `x.html` so the worker serves `/x` directly (its assets answer `/x/` with a redirect).
  trailingSlash: "never",
  // Pages mostly wait on the API, so render several at once.
  build: { format: "file", concurrency: 8 },
  integrations: [
    react(),
    // The API must answer before any page (unless the worker was never deployed), and the build says whether it
    // publishes the catalogue or a new site's first-run state.
    {
      name: "api-preflight",
      hooks: {
        "astro:build:start": async ({ logger }) => {
          await assertApiReachable();
          logger.info(await describeCatalogue());
        },
      },
    },
    // A catalogue that shrank sharply against the live site (a sync gone wrong) fails the build before it is published.
    {
      name: "catalogue-shrink-guard",
      hooks: {
        "astro:build:done": ({ dir, logger }) =>
          guardCatalogueShrink({
            outDir: dir,
            liveUrl: process.env.SITE_URL || "http://127.0.0.1:8787",
            allow: process.env[ALLOW_SHRINK_ENV] === "1",
            log: (line) => logger.info(line),
          }),
      },
    },
    // How many images the pages sized by reading them over HTTP rather than from the sizes the catalogue answers gave.
    {
      name: "image-probe-count",
      hooks: {
        "astro:build:done": ({ logger }) => {
          const { probed, given } = probeCounts();
          logger.info(`Image sizes: ${given} given by the catalogue, ${probed} images probed over HTTP`);
        },
      },
    },
    // client:marked hydrates an island only when a head script has marked the document (the 404 page's item fallback).
    // Astro's own CSP leaves our inline scripts out and hashes styles (blocking style attributes), so the policy is computed
    // from the built pages and served as a header through dist/_headers, where frame-ancestors also works.
    // The cache folder remembers each page's script hashes: a page reused in place is not read again, one copied back
    // from the cache (a hosted build's) not parsed again.
    {
      name: "csp-headers",
      hooks: {
        "astro:build:done": async ({ dir, logger }) =>
          logger.info(
            `Content-Security-Policy: ${await writeCspHeaders(fileURLToPath(dir), join(CACHE_DIR, "csp-hashes.json"), join(CACHE_DIR, "dist"))}`,
          ),
      },
    },
    // client:interact hydrates an island on the visitor's first press, touch, key or focus inside it (item gallery, listing page 1).
    {
      name: "site-directives",
      hooks: {
        "astro:config:setup": ({ addClientDirective }) => {
          addClientDirective({ name: "marked", entrypoint: "./site/lib/marked-directive.ts" });
          addClientDirective({ name: "interact", entrypoint: "./site/lib/interact-directive.ts" });
        },
      },
    },
  ],
  // Nothing is resized at build time: srcsets name the worker's /media/w/{width}/ copies (site/lib/media-srcset.ts).
  // SITE_KEEP_OUT_DIR=1 (the launcher's builds into a folder kept between builds): Astro leaves an unchanged page where it
  // is instead of copying it back from the cache; the launcher removes what the build did not produce (scripts/lib/build-site.ts).
  vite: {
    plugins: [tailwindcss()],
    build: {
      ...(process.env.SITE_KEEP_OUT_DIR === "1" ? { emptyOutDir: false } : {}),
      // The contract's modules only declare (constants, zod schemas, pure functions): a page taking a constant from one
      // does not load zod for the schemas beside it.
      rolldownOptions: { treeshake: { manualPureFunctions: ["z"], moduleSideEffects: (id) => !/[\\/]contract[\\/]/.test(id) } },
    },
    // Chunks that always load together, merged: React's packages wherever an island runs (one chunk, not five), the card
    // components every page of cards shares (pager, icon, the card: one chunk), and the plain modules beside them (icons,
    // image, price and page helpers, item addresses, paths: one chunk, which loads no React, as the search page needs).
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react)[\\/]/, priority: 3 },
                  {
                    name: "cards",
                    test: /[\\/]site[\\/]lib[\\/](icons|images|pagination|media-srcset|lazy-module)\.ts$|[\\/]contract[\\/](api-paths|categories|media-variants|item-address|price-format)\.ts$/,
                    minShareCount: 2,
                    priority: 2,
                  },
                  {
                    name: "card-ui",
                    test: /[\\/]site[\\/](lib[\\/]ui[\\/](Pager|Icon)|features[\\/]listing[\\/]ItemCardFrame)\.tsx$/,
                    minShareCount: 2,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  // Item and listing pages return a cacheKey (a digest of what they show): a rebuild renders only pages whose key or code
  // changed and copies the rest from the cache folder, which must survive between builds (SITE_CACHE_DIR, see docs/deploy.md).
  experimental: { incrementalBuild: true },
  cacheDir: CACHE_DIR,
});
