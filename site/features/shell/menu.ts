import { atom } from "nanostores";

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
