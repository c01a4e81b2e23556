import type { ReactElement } from "react";
import ConfirmDialog from "./ConfirmDialog";

type Props = { children: ReactElement; onConfirm: () => void };

/** Opens from `children` (the New webhook URL button): says the current URL stops working and the subscription must be made again. */
export default function WebhookResetConfirm({ children, onConfirm }: Props) {
  const body = (
    <>
      <p>The subscription is forgotten and the current webhook URL stops working at once.</p>
      <p className="font-semibold text-oxblood-700">
        Edits in Notion reach the site only after Sync Data until the subscription is made again.
      </p>
      <p>Afterwards, create the subscription in Notion's integration settings with the new URL and paste its verification token here.</p>
    </>
  );
  return (
    <ConfirmDialog title="Make a new webhook URL?" body={body} action="Make a new URL" destructive onConfirm={onConfirm}>
      {children}
    </ConfirmDialog>
  );
}
