/** The part of jsdom the site's tests use (jsdom ships no types): a window holding rendered markup, at an address. */
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
