import type { ReactElement } from "react";
import { AlertDialog } from "radix-ui";

type Props = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the Sync All Tables button): says what the full sync does, that the site keeps its rows meanwhile, and how long it takes. */
export default function SyncAllConfirm({ children, onConfirm }: Props) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <AlertDialog.Content className="card fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto bg-cream-50 p-5 shadow-lg">
          <AlertDialog.Title className="text-xl font-bold text-oxblood-800">Sync every table from Notion?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="grid gap-2 text-sm">
              <p>Every table is brought up to date from its Notion database, two at a time, as the nightly sync does.</p>
              <p>The site keeps showing each table’s current rows until its new copy is in, and is rebuilt once every table has synced.</p>
              <p>
                It takes a few minutes for a large catalogue; its progress shows at the top of this tab, and no other sync can start
                meanwhile.
              </p>
            </div>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn-primary" onClick={onConfirm}>
              Sync All Tables
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
