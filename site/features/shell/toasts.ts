import { atom } from "nanostores";

/** Toast looks: `amber` is what a toast without a variant gets. */
export type ToastVariant = "default" | "destructive" | "amber";

/** One notification in the store; `open` turns false on dismissal, the entry is removed later. */
export type ToastItem = { id: string; title: string; description?: string; variant: ToastVariant; open: boolean };

/** What callers pass to `toast()`. */
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };

/** At most this many toasts are shown; a new one pushes the oldest out. */
const TOAST_LIMIT = 1;
/** Open toasts close themselves after this long (paused while hovered or focused). */
export const TOAST_DURATION_MS = 5000;
/** Dismissed toasts stay (closed) this long before they are removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** The notifications, newest first. */
export const $toasts = atom<ToastItem[]>([]);

type Timers = { close?: ReturnType<typeof setTimeout>; remove?: ReturnType<typeof setTimeout>; closeAt?: number; remaining: number };
const timers = new Map<string, Timers>();
let counter = 0;

function forget(id: string): void {
  const t = timers.get(id);
  clearTimeout(t?.close);
  clearTimeout(t?.remove);
  timers.delete(id);
}

function startClose(id: string, ms: number): void {
  const t = timers.get(id);
  if (!t) return;
  clearTimeout(t.close);
  t.remaining = ms;
  t.closeAt = Date.now() + ms;
  t.close = setTimeout(() => dismiss(id), ms);
}

/** Shows a toast (newest first, at most TOAST_LIMIT) and returns its id; a description repeating the title is dropped. */
export function toast(input: ToastInput): string {
  const id = `toast-${++counter}`;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description === input.title ? undefined : input.description,
    variant: input.variant ?? "amber",
    open: true,
  };
  const next = [item, ...$toasts.get()];
  for (const dropped of next.slice(TOAST_LIMIT)) forget(dropped.id);
  $toasts.set(next.slice(0, TOAST_LIMIT));
  timers.set(id, { remaining: TOAST_DURATION_MS });
  startClose(id, TOAST_DURATION_MS);
  return id;
}

/** Changes an open toast's texts or variant. */
export function updateToast(id: string, patch: Partial<ToastInput>): void {
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, ...patch, variant: patch.variant ?? t.variant } : t)));
}

/** Closes one toast (or all without an id); closed toasts are removed after TOAST_REMOVE_DELAY_MS. */
export function dismiss(id?: string): void {
  for (const item of $toasts.get()) {
    if (id !== undefined && item.id !== id) continue;
    const t = timers.get(item.id) ?? { remaining: 0 };
    clearTimeout(t.close);
    if (t.remove === undefined) t.remove = setTimeout(() => remove(item.id), TOAST_REMOVE_DELAY_MS);
    timers.set(item.id, t);
  }
  $toasts.set($toasts.get().map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Drops a toast from the store at once. */
export function remove(id: string): void {
  forget(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Holds a toast's auto-close while the user hovers or focuses it. */
export function pauseToast(id: string): void {
  const t = timers.get(id);
  if (!t || t.closeAt === undefined || t.remove !== undefined) return;
  clearTimeout(t.close);
  t.remaining = Math.max(0, t.closeAt - Date.now());
  t.closeAt = undefined;
}

/** Restarts a paused toast's auto-close with the time it had left. */
export function resumeToast(id: string): void {
  const t = timers.get(id);
  if (!t || t.closeAt !== undefined || t.remove !== undefined) return;
  startClose(id, t.remaining);
}
