import type { SnippetSegment } from "#contract/search";

/** Props of Snippet: the API's snippet segments. */
type Props = { segments: SnippetSegment[] };

/** A search hit's excerpt as text, matched words in <mark> (React escapes every segment: no markup from Notion reaches the page). */
export default function Snippet({ segments }: Props) {
  if (segments.length === 0) return null;
  return (
    <p className="line-clamp-4 text-sm text-ink" data-testid="search-snippet">
      {segments.map((s, i) =>
        s.match ? (
          <mark key={i} className="rounded-sm bg-brass-300 px-0.5 text-ink">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </p>
  );
}
