import type { DemoSession } from './web-server.js';
import type { Browser } from 'playwright';

export interface Viewport {
  width: number;
  height: number;
}

/**
 * Lighthouse's mobile throttling ("slow 4G" on a mid-range phone): 1.6 Mbps down, 750 kbps up,
 * 150 ms round trip, CPU 4× slower, applied through the Chrome DevTools Protocol.
 */
export const THROTTLING = { downloadBps: 1_600_000, uploadBps: 750_000, latencyMs: 150, cpu: 4 };

export interface LoadResult {
  lcpMs: number;
  /** The LCP element: tag, first class, and the image's file for an image. */
  lcpElement: string;
  cls: number;
  readyMs: number;
  apiCallsBeforeReady: number;
  jsBeforeReady: string[];
}

/*
 * Page-side code is plain JavaScript in strings: tsx (esbuild keepNames) would wrap named
 * functions in a `__name` helper that does not exist in the page.
 */

/** Installed before any page script: records LCP, CLS and when `ready` first matches. */
const observeInPage = (ready: string) => `(() => {
  const state = { lcp: 0, lcpElement: '', cls: 0, readyAt: -1 };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.lcp = entry.startTime;
      const el = entry.element;
      const name = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') : '(removed)';
      const file = entry.url ? ' ' + new URL(entry.url).pathname.split('/').pop() : '';
      state.lcpElement = name + file;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const observer = new MutationObserver(() => {
    if (state.readyAt < 0 && document.querySelector(${JSON.stringify(ready)})) {
      state.readyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Read after the page settled: the observed values and what was requested before `ready`. */
const READ_IN_PAGE = `(() => {
  const state = window.__bench;
  const resources = performance.getEntriesByType('resource');
  const pathOf = (entry) => new URL(entry.name).pathname;
  const isJs = (entry) => pathOf(entry).endsWith('.js');
  const isApi = (entry) => /^\\/(trpc|api)\\//.test(pathOf(entry));
  return {
    lcpMs: state.lcp,
    lcpElement: state.lcpElement,
    cls: state.cls,
    readyMs: state.readyAt,
    apiCallsBeforeReady: resources.filter((e) => isApi(e) && e.startTime < state.readyAt).length,
    jsBeforeReady: resources.filter((e) => isJs(e) && e.startTime < state.readyAt).map(pathOf),
  };
})()`;

export interface LoadOptions {
  url: string;
  /** A selector that appears when the page shows its content (its data has arrived). */
  ready: string;
  viewport: Viewport;
  throttled: boolean;
  /** A signed-in browser: its token in local storage, its page cookie in the jar. */
  session?: DemoSession;
}

/** One cold load (a fresh context: empty cache) and its measurements once the page settled. */
export async function coldLoad(browser: Browser, options: LoadOptions): Promise<LoadResult> {
  const context = await browser.newContext({ viewport: options.viewport });
  const page = await context.newPage();
  if (options.session) {
    const { token, pageCookie } = options.session;
    await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    await context.addCookies([
      { ...pageCookie, domain: new URL(options.url).hostname, httpOnly: true, sameSite: 'Lax' },
    ]);
  }
  await page.addInitScript(observeInPage(options.ready));
  if (options.throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.latencyMs,
      downloadThroughput: THROTTLING.downloadBps / 8,
      uploadThroughput: THROTTLING.uploadBps / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpu });
  }
  await page.goto(options.url);
  await page.locator(options.ready).first().waitFor({ timeout: 60_000 });
  // Let late chunks, images and the toaster settle before reading the final values.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const result = (await page.evaluate(READ_IN_PAGE)) as LoadResult;
  await context.close();
  return result;
}
