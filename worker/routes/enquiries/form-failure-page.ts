/**
 * The page a plain form post (a browser without JavaScript) gets when its enquiry is refused: what went wrong, and a
 * link back to the form (the browser's Back keeps what was typed). Every piece of text is HTML-escaped.
 */

/** Headers of the page: no script, nothing loaded, never framed or cached. */
export const FORM_FAILURE_HEADERS = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "no-store",
} as const;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** `text` safe inside HTML text and quoted attributes. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/**
 * The form's address to go back to: the Referer when it is a page of this site, else the home page. A path starting
 * with two slashes (`//host/…`, which a browser reads as another site's address) counts as another site's.
 */
export function backTo(referer: string | undefined, requestUrl: string): string {
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    const here = new URL(requestUrl);
    const ours = from.origin === here.origin && !from.pathname.startsWith("/api/") && !/^\/[/\\]/.test(from.pathname);
    return ours ? `${from.pathname}${from.search}` : "/";
  } catch {
    return "/";
  }
}

/** The whole page: a heading, each problem as a list entry, and the way back. */
export function formFailurePage(problems: string[], backHref: string): string {
  const items = problems.map((p) => `<li>${escapeHtml(p)}</li>`).join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Your enquiry was not sent</title>
<style>body{font-family:Georgia,serif;background:#f8f1e3;color:#2b1d14;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}h1{color:#561814}a{color:#561814;font-weight:bold}</style>
</head>
<body>
<main>
<h1>Your enquiry was not sent</h1>
<ul>${items}</ul>
<p><a href="${escapeHtml(backHref)}">Back to the form</a> (your browser's Back button keeps what you typed).</p>
</main>
</body>
</html>
`;
}
