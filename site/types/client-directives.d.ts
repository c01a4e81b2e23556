/** The site's own client directives (site/lib/marked-directive.ts, site/lib/interact-directive.ts), registered in astro.config.mjs. */
declare global {
  namespace Astro {
    interface ClientDirectives {
      /** Hydrates only when the document element carries this attribute. */
      "client:marked"?: string;
      /** Hydrates on the first press, touch, key or focus inside the island, or at once when the document element carries this attribute. */
      "client:interact"?: string | boolean;
    }
  }
}

export {};
