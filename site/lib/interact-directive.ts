import type { ClientDirective } from "astro";

/** What starts an island's loading: the visitor pressing, touching, typing into or tabbing into it. */
const TRIGGERS = ["pointerdown", "touchstart", "keydown", "focusin"] as const;

/**
 * `client:interact` (or `client:interact="data-x"`): hydrates the island on the visitor's first press, touch, key or
 * focus inside it, or at once when a head script has set `data-x` on the document element, so a page whose island only
 * answers the visitor loads none of its JavaScript until then. A click made while the island's code loads is held (a
 * link is not followed meanwhile) and given to the hydrated island; if the code cannot be loaded, a held link is followed.
 */
const interactDirective: ClientDirective = (load, { value }, el) => {
  const hydrate = () => load().then((run) => run());
  if (typeof value === "string" && value !== "" && document.documentElement.hasAttribute(value)) {
    void hydrate();
    return;
  }
  let held: Element | null = null;
  const hold = (event: Event) => {
    held = event.target instanceof Element ? event.target : null;
    event.preventDefault();
    event.stopPropagation();
    start();
  };
  const release = () => {
    el.removeEventListener("click", hold, true);
    const target = held;
    held = null;
    return target;
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) el.removeEventListener(type, start, true);
    hydrate().then(
      () => release()?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window })),
      () => {
        const link = release()?.closest("a[href]");
        if (link instanceof HTMLAnchorElement) window.location.assign(link.href);
      },
    );
  };
  for (const type of TRIGGERS) el.addEventListener(type, start, { capture: true, passive: true });
  el.addEventListener("click", hold, true);
};

export default interactDirective;
