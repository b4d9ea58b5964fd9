import type { LoadResult } from './page-load.js';

export const BUDGET = { initialJsGzipKb: 110, lcpLocalMs: 300, lcpThrottledMs: 1800, cls: 0.05 };

export interface Measured {
  page: string;
  width: number;
  throttled: boolean;
  loads: LoadResult[];
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/**
 * One Markdown row per page, width and throttling: LCP is judged on the median of the loads,
 * CLS on the worst load (a page that jumps one time in five still jumps).
 */
export function resultRows(measured: Measured[]): { lines: string[]; failed: boolean } {
  let failed = false;
  const lines = [
    '| page | width | throttling | LCP median (min-max) | LCP element | CLS worst (median) | content shown | API calls before | result |',
    '| --- | ---: | --- | ---: | --- | ---: | ---: | ---: | --- |',
  ];
  for (const { page, width, throttled, loads } of measured) {
    const lcps = loads.map((l) => l.lcpMs);
    const lcp = median(lcps);
    const clsWorst = Math.max(...loads.map((l) => l.cls));
    const lcpBudget = throttled ? BUDGET.lcpThrottledMs : BUDGET.lcpLocalMs;
    const ok = lcp <= lcpBudget && clsWorst <= BUDGET.cls;
    if (!ok) failed = true;
    const misses = [
      ...(lcp > lcpBudget ? [`LCP > ${lcpBudget} ms`] : []),
      ...(clsWorst > BUDGET.cls ? [`CLS > ${BUDGET.cls}`] : []),
    ];
    const elements = [...new Set(loads.map((l) => l.lcpElement))].join(', ');
    lines.push(
      `| ${page} | ${width} | ${throttled ? '1.6 Mbps, 4× CPU' : 'none'} | ` +
        `${lcp.toFixed(0)} ms (${Math.min(...lcps).toFixed(0)}-${Math.max(...lcps).toFixed(0)}) | ` +
        `${elements} | ${clsWorst.toFixed(4)} (${median(loads.map((l) => l.cls)).toFixed(4)}) | ` +
        `${median(loads.map((l) => l.readyMs)).toFixed(0)} ms | ` +
        `${median(loads.map((l) => l.apiCallsBeforeReady))} | ` +
        `${verdict(ok)}${misses.length ? ` (${misses.join(', ')})` : ''} |`,
    );
  }
  return { lines, failed };
}
