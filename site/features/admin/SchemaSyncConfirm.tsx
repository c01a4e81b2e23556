import type { ReactElement } from "react";
import { AlertDialog } from "radix-ui";

type Props = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the schema sync button): says every notion_* table is dropped and the site shows no items until each is synced. */
export default function SchemaSyncConfirm({ children, onConfirm }: Props) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <AlertDialog.Content className="card fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto bg-cream-50 p-5 shadow-lg">
          <AlertDialog.Title className="text-xl font-bold text-oxblood-800">Drop and recreate every Notion table?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="grid gap-2 text-sm">
              <p>
                Every <code>notion_*</code> table is dropped and recreated empty from the Notion databases’ properties, and the site is
                rebuilt.
              </p>
              <p className="font-semibold text-oxblood-700">The public site shows no items until each table’s Sync Data has run.</p>
              <p>Afterwards, press Sync Data on each table in the list below to bring its items back.</p>
            </div>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-outline">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="btn bg-oxblood-800 text-cream-50 hover:bg-oxblood-900" onClick={onConfirm}>
              Drop and recreate tables
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
