import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import type { SharedPage } from "#contract/first-run";
import Icon from "../../../lib/ui/Icon";
import { $firstRunBusy, $notionConnection, choosePage, refreshNotionConnection } from "./first-run";

type Props = {
  /** The catalogue's page the worker keeps (32 hex digits), or null. */
  parentPageId: string | null;
};

/** One page shared with the integration: its title, and a button to use it (or that it is in use). */
function PageChoice({ page, inUse, busy }: { page: SharedPage; inUse: boolean; busy: boolean }) {
  const title = page.title || "Untitled";
  return (
    <li className="flex flex-wrap items-center gap-2" data-testid="first-run-page">
      <span className="min-w-0 flex-1 font-semibold break-words">{title}</span>
      {inUse ? (
        <span className="text-green-800">In use</span>
      ) : (
        <button
          type="button"
          className="btn-outline"
          disabled={busy}
          aria-label={`Use the page ${title}`}
          onClick={() => void choosePage(page.id)}
        >
          Use this page
        </button>
      )}
    </li>
  );
}

/**
 * Step 1: the token tried (who it belongs to, or Notion's failure in our words), the catalogue's page as Notion shows
 * it, the pages shared with the integration to choose from (Notion's search, which lags), and a field for a page's link.
 */
export default function NotionStep({ parentPageId }: Props) {
  const { connection, error, loading } = useStore($notionConnection);
  const busy = useStore($firstRunBusy) !== null;
  const [link, setLink] = useState("");
  const linkId = useId();
  return (
    <>
      <p>
        The site reads your catalogue from Notion through an internal integration (Notion calls it a connection): its API token is the
        NOTION_TOKEN secret. Share one empty page with it (the page's ••• menu, Connections) and choose that page here: the catalogue's
        databases go under it.
      </p>
      {loading && !connection && !error && <p role="status">Asking Notion…</p>}
      {error && (
        <p role="alert" className="text-oxblood-700" data-testid="first-run-notion-error">
          {error}
        </p>
      )}
      {connection && (
        <p data-testid="first-run-integration">
          The token answers: connected to Notion as <strong>{connection.integration.name || "your integration"}</strong>
          {connection.integration.workspace ? ` in ${connection.integration.workspace}` : ""}.
        </p>
      )}
      {connection?.parentProblem && (
        <p role="alert" className="text-oxblood-700">
          {connection.parentProblem}
        </p>
      )}
      {connection && (
        <div className="grid gap-2">
          <p className="font-semibold">Pages shared with the integration:</p>
          {connection.pages.length > 0 ? (
            <ul className="grid gap-2">
              {connection.pages.map((page) => (
                <PageChoice key={page.id} page={page} inUse={page.id === parentPageId} busy={busy} />
              ))}
            </ul>
          ) : (
            <p>
              Notion lists none yet: share the page with the integration, then press Refresh. Notion's search can take a few minutes to list
              a page just shared; pasting its link below works at once.
            </p>
          )}
          {connection.more && <p>Only the 100 pages edited last are listed: paste the link of another.</p>}
        </div>
      )}
      <div>
        <button type="button" className="btn-outline" disabled={loading} onClick={() => void refreshNotionConnection()}>
          <Icon type="refresh" className="size-4" /> {loading ? "Asking Notion…" : "Refresh"}
        </button>
      </div>
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void choosePage(link).then((chosen) => chosen && setLink(""));
        }}
      >
        <label htmlFor={linkId}>Or paste the page's link (in Notion: the page's ••• menu, Copy link):</label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            id={linkId}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            required
            maxLength={2000}
            placeholder="https://www.notion.so/…"
            className="min-w-0 flex-1 rounded border border-cream-300 bg-white p-2"
            value={link}
            onChange={(event) => setLink(event.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={busy || link.trim() === ""}>
            Use this link
          </button>
        </div>
      </form>
    </>
  );
}
