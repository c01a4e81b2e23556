/** Keyboard for every search field (`[data-search-field]`): `/` focuses the visible one (the search page's first), Escape clears. */
export function startSearchKeys(): void {
  if (document.documentElement.dataset.searchKeys) return;
  document.documentElement.dataset.searchKeys = "on";
  document.addEventListener(
    "keydown",
    (event) => {
      const target = event.target as HTMLElement;
      if (event.key === "Escape" && target.matches?.("[data-search-field]")) {
        const field = target as HTMLInputElement;
        if (field.value === "") return;
        // Clearing comes first: the menu closes on the next Escape.
        event.preventDefault();
        event.stopImmediatePropagation();
        // The prototype's setter, so a React-controlled field sees the change in the input event.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(field, "");
        field.dispatchEvent(new Event("input", { bubbles: true }));
        return;
      }
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      const fields = [...document.querySelectorAll<HTMLInputElement>("[data-search-field]")];
      const field =
        fields.find((f) => f.hasAttribute("data-search-primary") && f.getClientRects().length) ??
        fields.find((f) => f.getClientRects().length);
      if (!field) return;
      event.preventDefault();
      field.focus();
      field.select();
    },
    { capture: true },
  );
}
