// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { assertApiReachable } from "./site/lib/build/preflight.ts";

/** Public site: prerendered from the worker's API (SITE_API_URL) into dist/, served by the worker as static assets. */
export default defineConfig({
  site: process.env.SITE_URL || "http://127.0.0.1:8787",
  srcDir: "./site",
  publicDir: "./site/public",
  outDir: "./dist",
  output: "static",
  trailingSlash: "ignore",
  // Pages mostly wait on the API, so render several at once.
  build: { format: "directory", concurrency: 8 },
  integrations: [
    react(),
    { name: "api-preflight", hooks: { "astro:build:start": () => assertApiReachable() } },
  ],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
