import { atom } from "nanostores";
import { activeNavHref } from "./nav";

/** Whether the mobile navigation overlay is open. */
export const $menuOpen = atom(false);

/** Opens the mobile navigation. */
export function openMenu(): void {
  $menuOpen.set(true);
}

/** Closes the mobile navigation. */
export function closeMenu(): void {
  $menuOpen.set(false);
}

/** Opens the mobile navigation if closed, else closes it. */
export function toggleMenu(): void {
  $menuOpen.set(!$menuOpen.get());
}

const FOCUSABLE = "a[href], button:not([disabled])";

/** Wires the menu button, the overlay nav and the rest of the page to the $menuOpen store. */
export function startMenuController(): void {
  const nav = document.getElementById("site-nav");
  const button = document.querySelector<HTMLButtonElement>("[data-menu-button]");
  if (!nav || !button) return;
  markActiveEntry(nav);
  const panel = nav.querySelector<HTMLElement>("[data-nav-panel]")!;
  const outside = () => document.querySelectorAll<HTMLElement>("[data-inert-with-menu]");

  button.addEventListener("click", toggleMenu);
  nav.querySelector("[data-nav-backdrop]")?.addEventListener("click", closeMenu);
  nav.querySelector("[data-nav-close]")?.addEventListener("click", closeMenu);
  nav.querySelectorAll("a").forEach((link) => link.addEventListener("click", closeMenu));
  matchMedia("(min-width: 768px)").addEventListener("change", (e) => e.matches && closeMenu());

  document.addEventListener("keydown", (event) => {
    if (!$menuOpen.get()) return;
    if (event.key === "Escape") return closeMenu();
    if (event.key !== "Tab") return;
    const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const [first, last] = [items[0], items[items.length - 1]];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  let wasOpen = false;
  $menuOpen.subscribe((open) => {
    nav.dataset.open = String(open);
    button.setAttribute("aria-expanded", String(open));
    document.documentElement.classList.toggle("overflow-hidden", open);
    outside().forEach((el) => el.toggleAttribute("inert", open));
    if (open) panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    else if (wasOpen) button.focus();
    wasOpen = open;
  });
}

/** The 404 page is built for /404 but also answers item addresses it renders client-side: mark the entry for the address shown. */
function markActiveEntry(nav: HTMLElement): void {
  if (nav.querySelector("[aria-current]")) return;
  const href = activeNavHref(location.pathname);
  if (href) nav.querySelector(`a[href="${href}"]`)?.setAttribute("aria-current", "page");
}
