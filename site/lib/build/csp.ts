/** The site's Content-Security-Policy: our own scripts only (files from the site, inline ones by their SHA-256). */
import { createHash } from "node:crypto";
import { VIDEO_FRAME_ORIGINS } from "../video-embed.ts";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JS_TYPES = new Set(["", "module", "text/javascript", "application/javascript"]);

/** The `'sha256-…'` source of each inline script the browser would run in `html` (not `src` scripts, not JSON-LD or other data blocks). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? "";
    if (!JS_TYPES.has(type)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** Origin of Cloudflare Turnstile's script and frame, allowed only when the site is built with a Turnstile site key. */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** Cloudflare Web Analytics' beacon, which every page loads when the dealer set a Web Analytics token. */
export const ANALYTICS_BEACON_URL = "https://static.cloudflareinsights.com/beacon.min.js";

/** Where the beacon sends what it measured. */
const ANALYTICS_REPORT_ORIGIN = "https://cloudflareinsights.com";

/** True when a page loads the Web Analytics beacon (the CSP then allows it). */
export function loadsAnalyticsBeacon(html: string): boolean {
  for (const [, attributes = ""] of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=\s*["']?https:\/\/static\.cloudflareinsights\.com\/beacon\.min\.js["'\s>]/i.test(` ${attributes} `)) return true;
  }
  return false;
}

/**
 * The policy for every page: scripts from the site or with one of `scriptHashes`; styles and images may be inline or
 * (images) from any https host, as Notion's external files are; frames only from YouTube's and Vimeo's
 * privacy-enhanced players (a body's video, once pressed); nothing may frame a page, and no plugin, base or form target
 * elsewhere (forms post to the site's own /api). With `turnstile`, Turnstile's script and frame may load from its
 * origin; with `analytics`, the Web Analytics beacon may load and report.
 */
export function contentSecurityPolicy(scriptHashes: Iterable<string>, options: { turnstile?: boolean; analytics?: boolean } = {}): string {
  const scripts = [...new Set(scriptHashes)].sort();
  const turnstile = options.turnstile ? ` ${TURNSTILE_ORIGIN}` : "";
  const beacon = options.analytics ? ` ${ANALYTICS_BEACON_URL}` : "";
  return [
    "default-src 'self'",
    `script-src 'self'${turnstile}${beacon}${scripts.map((h) => ` ${h}`).join("")}`,
    `frame-src ${VIDEO_FRAME_ORIGINS.join(" ")}${turnstile}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${options.analytics ? ` ${ANALYTICS_REPORT_ORIGIN}` : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** `_headers` text with a Content-Security-Policy line added to its `/*` rule (which must exist). */
export function withCsp(headersText: string, policy: string): string {
  const lines = headersText.split("\n");
  const rule = lines.findIndex((line) => line.trim() === "/*");
  if (rule < 0) throw new Error("_headers has no /* rule to put the Content-Security-Policy in");
  lines.splice(rule + 1, 0, `  Content-Security-Policy: ${policy}`);
  return lines.join("\n");
}
