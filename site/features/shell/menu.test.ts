import { describe, expect, it } from "vitest";
import { $menuOpen, closeMenu, openMenu, toggleMenu } from "./menu";

describe("menu store", () => {
  it("opens, closes and toggles", () => {
    expect($menuOpen.get()).toBe(false);
    openMenu();
    expect($menuOpen.get()).toBe(true);
    toggleMenu();
    expect($menuOpen.get()).toBe(false);
    toggleMenu();
    closeMenu();
    expect($menuOpen.get()).toBe(false);
  });
});
