/** Link protocols Markdown may use; relative addresses are also allowed. */
const ALLOWED_PROTOCOLS = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;

// Browsers ignore ASCII whitespace and control characters inside a scheme ("java\tscript:").
const IGNORED = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/** True when `url` is relative or uses one of the allowed protocols. */
export function isSafeUrl(url: string): boolean {
  const compact = url.replace(IGNORED, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1];
  if (scheme === undefined) return true;
  return (ALLOWED_PROTOCOLS as readonly string[]).includes(scheme.toLowerCase());
}
