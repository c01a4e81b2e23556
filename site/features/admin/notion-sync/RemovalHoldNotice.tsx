import type { NotionTable, RemovalHold } from "#contract/admin-api";
import { rowsCalled } from "#contract/notion-layout";
import ConfirmDialog from "../shared/ConfirmDialog";
import { formatTime } from "../shared/format-time";

/** Props of RemovalHoldNotice: the table whose removal a sync held back, the hold, and what confirming does. */
type Props = { table: NotionTable; hold: RemovalHold; onConfirm: () => void };

/** Why they would leave: `5 unpublished, 3 deleted or moved away in Notion`. */
function reasons(hold: RemovalHold): string {
  return [
    ...(hold.unpublished ? [`${hold.unpublished} unpublished`] : []),
    ...(hold.gone ? [`${hold.gone} deleted or moved away in Notion`] : []),
  ].join(", ");
}

/**
 * A sync's removal held back: more than half a table's rows would have left the site at once, so they stay until the
 * operator confirms (or undoes the change in Notion); once confirmed, that the next sync of the table takes them off.
 */
export default function RemovalHoldNotice({ table, hold, onConfirm }: Props) {
  const rows = rowsCalled(table.databaseTitle);
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-brass-500 bg-brass-300/40 p-3 text-sm" data-testid="removal-hold">
      <p>
        <strong>
          {hold.leaving} of {hold.live} {rows} would leave the site at once
        </strong>{" "}
        ({reasons(hold)}), so the sync of {formatTime(hold.heldAt)} kept them on it.
      </p>
      {hold.confirmedAt ? (
        <p className="font-semibold" data-testid="removal-confirmed">
          Confirmed: the next sync of {table.databaseTitle} takes them off the site.
        </p>
      ) : (
        <>
          <p>
            If you meant it, take them off. If not, tick Published again (or restore the pages) in Notion: the next sync then keeps them and
            this notice goes.
          </p>
          <ConfirmDialog
            title={`Take ${hold.leaving} ${rows} off the site?`}
            body={
              <>
                <p>
                  {table.databaseTitle} is synced now and they leave the listings, item pages and search at once; the rebuilt site drops
                  their pages.
                </p>
                <p>Nothing is deleted in Notion: ticking Published again on an unpublished one brings it back.</p>
              </>
            }
            action="Take them off"
            destructive
            onConfirm={onConfirm}
          >
            <button type="button" className="btn-outline justify-self-start">
              Take them off the site…
            </button>
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
