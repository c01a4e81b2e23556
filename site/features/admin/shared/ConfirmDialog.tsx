import type { ReactElement, ReactNode } from "react";
import { AlertDialog } from "radix-ui";

/**
 * Props of ConfirmDialog: the button that opens it (`children`), its title, what it explains, the confirming action's
 * label, whether that action destroys something (drawn in oxblood), and what confirming does.
 */
type Props = { children: ReactElement; title: string; body: ReactNode; action: string; destructive?: boolean; onConfirm: () => void };

/** The admin panel's confirmation before an action the operator cannot undo at once: Cancel, or the named action. */
export default function ConfirmDialog({ children, title, body, action, destructive = false, onConfirm }: Props) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <AlertDialog.Content className="card fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto bg-cream-50 p-5 shadow-lg">
          <AlertDialog.Title className="text-xl font-bold text-oxblood-800">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="grid gap-2 text-sm">{body}</div>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={destructive ? "btn bg-oxblood-800 text-cream-50 hover:bg-oxblood-900" : "btn-primary"}
              onClick={onConfirm}
            >
              {action}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
