import type { ReactElement } from "react";
import ConfirmDialog from "./ConfirmDialog";

type Props = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the Sync All Tables button): says what the full sync does, that the site keeps its rows meanwhile, and how long it takes. */
export default function SyncAllConfirm({ children, onConfirm }: Props) {
  const body = (
    <>
      <p>Every table is brought up to date from its Notion database, two at a time, as the nightly sync does.</p>
      <p>The site keeps showing each table’s current rows until its new copy is in, and is rebuilt once every table has synced.</p>
      <p>It takes a few minutes for a large catalogue; its progress shows at the top of this tab, and no other sync can start meanwhile.</p>
    </>
  );
  return (
    <ConfirmDialog title="Sync every table from Notion?" body={body} action="Sync All Tables" onConfirm={onConfirm}>
      {children}
    </ConfirmDialog>
  );
}
