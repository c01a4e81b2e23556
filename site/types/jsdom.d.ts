/** The part of jsdom the build uses (jsdom ships no types): a window for DOMPurify. */
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
