/** A layout shift as the page reported it, with the elements that moved (before -> after rectangles). */
export type Shift = { value: number; atMs: number; hadRecentInput: boolean; sources: string[] };

/** LCP split as web-vitals attributes it: time to first byte, resource load delay and duration (image LCP), render delay. */
export type LcpParts = { ttfbMs: number; loadDelayMs: number; loadTimeMs: number; renderDelayMs: number };

/** What the in-page observers saw: the last LCP candidate and its parts, every layout shift, FCP, and the inline scripts' text. */
export type Vitals = {
  lcpMs: number | null;
  lcpElement: string | null;
  lcpParts: LcpParts | null;
  shifts: Shift[];
  fcpMs: number | null;
  inlineScripts: string[];
};

type ShiftSource = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
type ShiftEntry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: ShiftSource[] };
type LcpEntry = PerformanceEntry & { element?: Element | null; url?: string; size: number };
type Store = { lcp: LcpEntry[]; shifts: ShiftEntry[] };

/** Installed before any page script runs: buffered PerformanceObservers for 'largest-contentful-paint' and 'layout-shift'. */
export function installVitalsObservers(): void {
  const store: Store = { lcp: [], shifts: [] };
  (window as unknown as { __vitals: Store }).__vitals = store;
  new PerformanceObserver((list) => store.lcp.push(...(list.getEntries() as LcpEntry[]))).observe({
    type: "largest-contentful-paint",
    buffered: true,
  });
  new PerformanceObserver((list) => store.shifts.push(...(list.getEntries() as ShiftEntry[]))).observe({
    type: "layout-shift",
    buffered: true,
  });
}

/** Run in the page after it settled (serialised by Playwright, so self-contained): reads the observers' store. */
export function collectVitals(): Vitals {
  const store = (window as unknown as { __vitals?: Store }).__vitals ?? { lcp: [], shifts: [] };
  const describe = (node: Node | null | undefined): string => {
    if (!node) return "(removed node)";
    if (!(node instanceof Element)) return node.nodeName.toLowerCase();
    const id = node.id ? `#${node.id}` : "";
    const testid = node.getAttribute("data-testid") ? `[data-testid=${node.getAttribute("data-testid")}]` : "";
    const cls = typeof node.className === "string" && node.className ? `.${node.className.trim().split(/\s+/).slice(0, 4).join(".")}` : "";
    return `${node.tagName.toLowerCase()}${id}${testid}${cls}`;
  };
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  const last = store.lcp.at(-1);
  const lcpText = last?.element?.textContent?.trim().slice(0, 40);
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  const ttfb = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.responseStart ?? 0;
  const resource = last?.url ? (performance.getEntriesByName(last.url, "resource")[0] as PerformanceResourceTiming | undefined) : undefined;
  const loadStart = resource ? Math.max(ttfb, resource.startTime) : ttfb;
  const loadEnd = resource ? Math.max(loadStart, resource.responseEnd) : ttfb;
  return {
    lcpMs: last ? last.startTime : null,
    lcpElement: last
      ? `${describe(last.element)}${last.url ? ` src=${last.url}` : lcpText ? ` "${lcpText}"` : ""} (${last.size} px²)`
      : null,
    lcpParts: last
      ? {
          ttfbMs: ttfb,
          loadDelayMs: loadStart - ttfb,
          loadTimeMs: loadEnd - loadStart,
          renderDelayMs: Math.max(0, last.startTime - loadEnd),
        }
      : null,
    shifts: store.shifts.map((e) => ({
      value: e.value,
      atMs: e.startTime,
      hadRecentInput: e.hadRecentInput,
      sources: (e.sources ?? []).map((s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`),
    })),
    fcpMs: fcp ? fcp.startTime : null,
    inlineScripts: [...document.scripts]
      .filter((s) => !s.src && (!s.type || s.type === "module" || /javascript/.test(s.type)))
      .map((s) => s.textContent ?? ""),
  };
}

/** CLS as web-vitals defines it: shifts without recent input, grouped into session windows (gap < 1 s, span < 5 s); the largest window. */
export function cumulativeLayoutShift(shifts: readonly Pick<Shift, "value" | "atMs" | "hadRecentInput">[]): number {
  let cls = 0;
  let windowValue = 0;
  let windowStart = 0;
  let previous = 0;
  for (const shift of [...shifts].filter((s) => !s.hadRecentInput).sort((a, b) => a.atMs - b.atMs)) {
    if (windowValue > 0 && shift.atMs - previous < 1000 && shift.atMs - windowStart < 5000) windowValue += shift.value;
    else {
      windowValue = shift.value;
      windowStart = shift.atMs;
    }
    previous = shift.atMs;
    cls = Math.max(cls, windowValue);
  }
  return cls;
}
