import type { ClientDirective } from "astro";

/**
 * `client:marked="data-x"`: hydrates the island at once when a head script has set `data-x` on the document element,
 * otherwise never, so a page that does not need the island loads none of its JavaScript.
 */
const markedDirective: ClientDirective = (load, { value }) => {
  if (document.documentElement.hasAttribute(value)) void load().then((hydrate) => hydrate());
};

export default markedDirective;
