/** .astro components imported from TypeScript (component tests); tsc has no Astro compiler, so they are typed as factories. */
declare module "*.astro" {
  const Component: import("astro/runtime/server/index.js").AstroComponentFactory;
  export default Component;
}
