import { getViteConfig } from "astro/config";

/** .astro components rendered in isolation with Astro's container API (needs Astro's own Vite setup). */
export default getViteConfig({
  test: { name: "astro", include: ["site/**/*.astro.test.ts"] },
} as Parameters<typeof getViteConfig>[0]);
