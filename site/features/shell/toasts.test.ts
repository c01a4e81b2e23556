import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toasts, dismiss, pauseToast, remove, resumeToast, toast, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, updateToast } from "./toasts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const t of $toasts.get()) remove(t.id);
  vi.useRealTimers();
});

describe("toast store", () => {
  it("shows a toast 5 s and removes it from the store 1,000,000 ms after it closes", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it("shows at most one toast: a new one replaces the old", () => {
    toast({ title: "Caching enabled", variant: "default" });
    const second = toast({ title: "Cache cleared successfully", variant: "default" });
    expect($toasts.get()).toEqual([
      { id: second, title: "Cache cleared successfully", description: undefined, variant: "default", open: true },
    ]);
  });

  it("gives a toast without a variant the amber look", () => {
    toast({ title: "Schema Sync Completed with Errors" });
    expect($toasts.get()[0]!.variant).toBe("amber");
  });

  it("closes itself after 5000 ms and is removed 1,000,000 ms later", () => {
    const id = toast({ title: "Caching disabled" });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()[0]).toMatchObject({ id, open: true });
    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it("dismisses by id (close button, swipe) and removes after the delay", () => {
    const id = toast({ title: "Table Sync Failed", variant: "destructive" });
    dismiss(id);
    expect($toasts.get()[0]!.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect($toasts.get()).toEqual([]);
  });

  it("dismisses every toast without an id", () => {
    toast({ title: "Browser Cache Cleared" });
    dismiss();
    expect($toasts.get().every((t) => !t.open)).toBe(true);
  });

  it("pauses the auto-close while hovered and resumes with the time left", () => {
    const id = toast({ title: "Caching enabled" });
    vi.advanceTimersByTime(3000);
    pauseToast(id);
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()[0]!.open).toBe(true);
    resumeToast(id);
    vi.advanceTimersByTime(1999);
    expect($toasts.get()[0]!.open).toBe(true);
    vi.advanceTimersByTime(1);
    expect($toasts.get()[0]!.open).toBe(false);
  });

  it("drops a description that only repeats the title", () => {
    toast({ title: "Caching disabled", description: "Caching disabled" });
    expect($toasts.get()[0]!.description).toBeUndefined();
  });

  it("updates the texts of a shown toast", () => {
    const id = toast({ title: "Browser Cache Cleared", description: "Reloading…" });
    updateToast(id, { description: "Reloading now" });
    expect($toasts.get()[0]).toMatchObject({ title: "Browser Cache Cleared", description: "Reloading now", variant: "amber" });
  });

  it("cancels the timers of a toast pushed out by a newer one", () => {
    toast({ title: "first" });
    const second = toast({ title: "second" });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()).toEqual([expect.objectContaining({ id: second, open: true })]);
  });
});
