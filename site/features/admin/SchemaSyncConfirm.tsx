import type { ReactElement } from "react";
import ConfirmDialog from "./ConfirmDialog";

type Props = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the schema sync button): says every notion_* table is dropped and the site shows no items until each is synced. */
export default function SchemaSyncConfirm({ children, onConfirm }: Props) {
  const body = (
    <>
      <p>
        Every <code>notion_*</code> table is dropped and recreated empty from the Notion databases’ properties, and the site is rebuilt.
      </p>
      <p className="font-semibold text-oxblood-700">The public site shows no items until each table’s Sync Data has run.</p>
      <p>Afterwards, press Sync Data on each table in the list below to bring its items back.</p>
    </>
  );
  return (
    <ConfirmDialog
      title="Drop and recreate every Notion table?"
      body={body}
      action="Drop and recreate tables"
      destructive
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDialog>
  );
}
