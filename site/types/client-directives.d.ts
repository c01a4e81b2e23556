/** The site's own client directive (site/lib/marked-directive.ts), registered in astro.config.mjs. */
declare global {
  namespace Astro {
    interface ClientDirectives {
      /** Hydrates only when the document element carries this attribute. */
      "client:marked"?: string;
    }
  }
}

export {};
