import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { foundLine } from "#contract/notion-check";
import Icon from "../../../lib/ui/Icon";
import { $notionCheck, refreshNotionCheck } from "./workspace-check-store";
import { formatTime } from "../shared/format-time";
import LoadError from "../shared/LoadError";

/**
 * Whether the Notion workspace holds every database and property the site reads: all in order, or each problem with
 * its fix; then what it recommends besides (Published and Hold Changes where missing), each with how to add it.
 */
export default function WorkspaceCheckCard() {
  const { check, error, checking } = useStore($notionCheck);
  useEffect(() => void refreshNotionCheck(), []);
  // What the card shows, for tests waiting until the check has ended: checking, ok, problems or error.
  const state = checking ? "checking" : check ? (check.ok ? "ok" : "problems") : error ? "error" : undefined;
  return (
    <section
      className="card grid grid-cols-1 gap-3 p-5"
      aria-labelledby="workspace-check-heading"
      data-testid="workspace-check"
      data-state={state}
    >
      <h2 id="workspace-check-heading" className="text-xl font-bold text-oxblood-800">
        Workspace check
      </h2>
      <p aria-live="polite" className="font-bold">
        {check === null ? (
          checking ? (
            "Checking the Notion workspace…"
          ) : error ? (
            "Unknown"
          ) : (
            "Not checked yet"
          )
        ) : check.ok ? (
          <span className="text-green-800">Every database and property the site reads is in Notion, shared with the integration.</span>
        ) : (
          <span className="text-oxblood-700">
            {check.findings.length} {check.findings.length === 1 ? "problem" : "problems"}: until fixed, the site misses what{" "}
            {check.findings.length === 1 ? "it names" : "they name"}.
          </span>
        )}
      </p>
      {check && !check.ok && (
        <ul className="grid grid-cols-1 gap-2 text-sm">
          {check.findings.map((f) => (
            <li
              key={`${f.database}:${f.property ?? ""}:${f.problem}`}
              className="rounded-md border border-cream-300 bg-white/70 p-3"
              data-testid="workspace-finding"
            >
              <p>
                <strong>{f.database}</strong>: {f.problem}
              </p>
              <p className="text-walnut">Fix: {f.fix}</p>
            </li>
          ))}
        </ul>
      )}
      {check && check.recommendations.length > 0 && (
        <div className="grid grid-cols-1 gap-2 text-sm" data-testid="workspace-recommendations">
          <p className="font-semibold">Recommended (the site works without them):</p>
          <ul className="grid grid-cols-1 gap-2">
            {check.recommendations.map((f) => (
              <li
                key={`${f.database}:${f.property ?? ""}`}
                className="rounded-md border border-brass-500 bg-brass-300/40 p-3"
                data-testid="workspace-recommendation"
              >
                <p>
                  <strong>{f.database}</strong>: {f.problem}
                </p>
                <p>{f.fix}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
      {check && (
        <details className="text-sm" data-testid="workspace-found">
          <summary className="cursor-pointer">How each database was found</summary>
          <ul className="mt-2 grid grid-cols-1 gap-1">
            {check.databases.map((db) => (
              <li key={db.title}>{foundLine(db.title, db.foundBy)}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <button type="button" className="btn-outline" disabled={checking} onClick={() => void refreshNotionCheck()}>
          <Icon type="refresh" className="size-4" /> {checking ? "Checking…" : "Check again"}
        </button>
        {check && <span className="text-walnut">Checked {formatTime(check.checkedAt)}</span>}
      </div>
      <LoadError what="the workspace check" error={error} />
    </section>
  );
}
