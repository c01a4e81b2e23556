import type { ReactElement } from "react";
import { AlertDialog } from "radix-ui";

type Props = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the New webhook URL button): says the current URL stops working and the subscription must be made again. */
export default function WebhookResetConfirm({ children, onConfirm }: Props) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <AlertDialog.Content className="card fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto bg-cream-50 p-5 shadow-lg">
          <AlertDialog.Title className="text-xl font-bold text-oxblood-800">Make a new webhook URL?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="grid gap-2 text-sm">
              <p>The subscription is forgotten and the current webhook URL stops working at once.</p>
              <p className="font-semibold text-oxblood-700">
                Edits in Notion reach the site only after Sync Data until the subscription is made again.
              </p>
              <p>
                Afterwards, create the subscription in Notion's integration settings with the new URL and paste its verification token here.
              </p>
            </div>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn bg-oxblood-800 text-cream-50 hover:bg-oxblood-900" onClick={onConfirm}>
              Make a new URL
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
