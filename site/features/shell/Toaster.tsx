import { useStore } from "@nanostores/react";
import { Toast } from "radix-ui";
import { $toasts, dismiss, pauseToast, resumeToast, type ToastVariant } from "./toasts";
import Icon from "../../lib/ui/Icon";

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "border-cream-300 bg-cream-50 text-ink",
  destructive: "border-oxblood-800 bg-oxblood-700 text-cream-50",
  amber: "border-brass-500 bg-brass-300 text-ink",
};

/** Renders the toast store with Radix Toast: swipe right (50 px) or the close button dismisses; F8 focuses the region. */
export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    // Auto-close is timed by the store (5000 ms, paused on hover/focus), so Radix's own timer is off.
    <Toast.Provider duration={Infinity} swipeDirection="right" swipeThreshold={50} label="Notifications">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismiss(t.id)}
          onPause={() => pauseToast(t.id)}
          onResume={() => resumeToast(t.id)}
          type={t.variant === "destructive" ? "foreground" : "background"}
          data-testid="toast"
          data-variant={t.variant}
          className={`group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-md border p-4 pr-10 shadow-lg transition-transform data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0 ${VARIANT_CLASSES[t.variant]}`}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold" data-testid="toast-title">
              {t.title}
            </Toast.Title>
            {t.description && (
              <Toast.Description className="text-sm opacity-90" data-testid="toast-description">
                {t.description}
              </Toast.Description>
            )}
          </div>
          <Toast.Close aria-label="Close notification" className="absolute top-2 right-2 rounded p-1 opacity-70 hover:opacity-100">
            <Icon type="close" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={["F8"]}
        label="Notifications ({hotkey})"
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
