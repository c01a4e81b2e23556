import { gzipSync } from "node:zlib";
import type { Browser, Request } from "playwright-core";
import { collectVitals, cumulativeLayoutShift, installVitalsObservers, type LcpParts, type Shift } from "../../lib/vitals-observer.ts";

/** One script the page loaded: its URL, decoded size, bytes on the wire, and gzip size (as sent, or gzip -9 by us). */
type ScriptLoad = { url: string; bytes: number; gzipBytes: number; encoding: string | null };

/** One cold load of one page. */
export type PageSample = {
  jsGzipBytes: number;
  externalJsGzipBytes: number;
  inlineJsGzipBytes: number;
  totalTransferBytes: number;
  totalGzipEstimateBytes: number;
  requests: number;
  lcpMs: number | null;
  fcpMs: number | null;
  cls: number;
  lcpElement: string | null;
  lcpParts: LcpParts | null;
  scripts: ScriptLoad[];
  shifts: Shift[];
  consoleErrors: string[];
};

/** How a page is loaded: viewport, CPU slowdown, and how long to keep watching after the network went quiet. */
export type LoadOptions = { viewport: { width: number; height: number }; cpuSlowdown: number; settleMs: number };

const gzip9 = (body: Buffer | string): number => gzipSync(body, { level: 9 }).length;
const TEXTUAL = /text|javascript|json|xml|svg/;

type Transfer = { wire: number; gzipEstimate: number; script: ScriptLoad | null };

async function transferOf(request: Request): Promise<Transfer> {
  const response = await request.response();
  const sizes = await request.sizes();
  const wire = sizes.responseHeadersSize + sizes.responseBodySize;
  if (!response) return { wire, gzipEstimate: wire, script: null };
  const headers = await response.allHeaders();
  const encoding = headers["content-encoding"] ?? null;
  const type = headers["content-type"] ?? "";
  const body = await response.body().catch(() => Buffer.alloc(0));
  const compressible = !encoding && TEXTUAL.test(type) && body.length > 0;
  const gzipEstimate = sizes.responseHeadersSize + (compressible ? gzip9(body) : sizes.responseBodySize);
  if (!/javascript/.test(type)) return { wire, gzipEstimate, script: null };
  // A compressed response is counted as sent; an uncompressed one as gzip -9 would make it.
  const gzipBytes = encoding ? sizes.responseBodySize : gzip9(body);
  return { wire, gzipEstimate, script: { url: new URL(request.url()).pathname, bytes: body.length, gzipBytes, encoding } };
}

/** Loads `url` once in a fresh context (empty cache) with the CPU slowed down, and measures bytes, LCP and CLS. */
export async function measurePage(browser: Browser, url: string, options: LoadOptions): Promise<PageSample> {
  const context = await browser.newContext({ viewport: options.viewport });
  try {
    const page = await context.newPage();
    await page.addInitScript(installVitalsObservers);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.cpuSlowdown });
    const transfers: Promise<Transfer>[] = [];
    // A request that finishes as the context closes cannot be read any more: it counts as nothing rather than crashing the run.
    page.on("requestfinished", (request) => transfers.push(transferOf(request).catch(() => ({ wire: 0, gzipEstimate: 0, script: null }))));
    const consoleErrors: string[] = [];
    page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
    page.on("pageerror", (error) => consoleErrors.push(error.message));
    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? "nothing"}`);
    await page.waitForLoadState("networkidle", { timeout: 30_000 });
    // Late layout shifts (idle islands hydrating, fonts, lazy images) land after the network went quiet.
    await page.waitForTimeout(options.settleMs);
    const vitals = await page.evaluate(collectVitals);
    const done = await Promise.all(transfers);
    const scripts = done.flatMap((t) => (t.script ? [t.script] : []));
    const externalJsGzipBytes = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const inlineJs = vitals.inlineScripts.join("\n");
    const inlineJsGzipBytes = inlineJs.trim() ? gzip9(inlineJs) : 0;
    return {
      jsGzipBytes: externalJsGzipBytes + inlineJsGzipBytes,
      externalJsGzipBytes,
      inlineJsGzipBytes,
      totalTransferBytes: done.reduce((sum, t) => sum + t.wire, 0),
      totalGzipEstimateBytes: done.reduce((sum, t) => sum + t.gzipEstimate, 0),
      requests: done.length,
      lcpMs: vitals.lcpMs,
      fcpMs: vitals.fcpMs,
      cls: cumulativeLayoutShift(vitals.shifts),
      lcpElement: vitals.lcpElement,
      lcpParts: vitals.lcpParts,
      scripts,
      shifts: vitals.shifts.filter((s) => !s.hadRecentInput),
      consoleErrors,
    };
  } finally {
    await context.close();
  }
}
