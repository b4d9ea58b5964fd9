/**
 * `npm run bench:web`: measures the home page against the web budget (issue: web performance).
 *
 *  - initial JavaScript: the entry script and the modulepreload links of web/dist/home.html (the
 *    prerendered home page the server sends for `/`),
 *    each gzipped at level 9 (what Vite's build report shows), summed; plus every script the page
 *    really loads, split into "before the list's first card appears" and "after";
 *  - 10 cold loads of `/` (a fresh browser context each) in Debian's headless Chromium: the
 *    largest contentful paint, the cumulative layout shift (shifts without recent input) and the
 *    number of /trpc and /api requests started before the first list card is in the DOM.
 *
 * It builds nothing (the npm script builds web/ first) and starts the real server from source on
 * a free port with a fresh seeded SQLite database in a temp dir. A measurement, not a test: it
 * prints a table and exits 1 when a budget fails; it is not part of `npm test`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright';

const repo = path.resolve(import.meta.dirname, '../..');
const dist = path.join(repo, 'web/dist');
const LOADS = 10;
const BUDGET = { initialJsGzipKb: 110, lcpMs: 300, cls: 0.05, apiCallsBeforeList: 1 };
// The list's cards link to the detail page with fromPage (spec §2); the slider's cards do not.
const LIST_CARD = 'a[href*="fromPage="]';

/** kB as Vite's build report counts them (1000 bytes); Vite's own gzip reads ~1% higher. */
function gzipKb(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length / 1000;
}

/** The entry script and its modulepreloads: what the browser fetches before running anything. */
function initialScripts(): string[] {
  const html = readFileSync(path.join(dist, 'home.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  return [...entry, ...preloads].filter((src): src is string => src !== undefined);
}

function distFileGzipKb(urlPath: string): number {
  return gzipKb(readFileSync(path.join(dist, urlPath.replace(/^\//, ''))));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number, dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'recipehub.db')}`,
      MAIL_DIR: path.join(dir, 'mail'),
      MEDIA_DIR: path.join(dir, 'media'),
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: dist,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer /api/health within 120 s');
}

interface LoadResult {
  lcpElement: string;
  lcpMs: number;
  cls: number;
  listShownMs: number;
  apiCallsBeforeList: number;
  jsBeforeList: string[];
  jsAfterList: string[];
}

/*
 * Page-side code is plain JavaScript in strings: tsx (esbuild keepNames) would wrap named
 * functions in a `__name` helper that does not exist in the page.
 */

/** Installed before any page script: records LCP, CLS and when the first list card appears. */
const OBSERVE_IN_PAGE = `(() => {
  const state = { lcp: 0, lcpElement: '', cls: 0, listShownAt: -1 };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.lcp = entry.startTime;
      const el = entry.element;
      state.lcpElement = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') : '(removed)';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  const observer = new MutationObserver(() => {
    if (state.listShownAt < 0 && document.querySelector(${JSON.stringify(LIST_CARD)})) {
      state.listShownAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

/** Read after the page settled: the observed values and what was requested before the list. */
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
    listShownMs: state.listShownAt,
    apiCallsBeforeList: resources.filter((e) => isApi(e) && e.startTime < state.listShownAt).length,
    jsBeforeList: resources.filter((e) => isJs(e) && e.startTime < state.listShownAt).map(pathOf),
    jsAfterList: resources.filter((e) => isJs(e) && e.startTime >= state.listShownAt).map(pathOf),
  };
})()`;

async function coldLoad(browser: Browser, url: string): Promise<LoadResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE_IN_PAGE);
  await page.goto(url);
  await page.locator(LIST_CARD).first().waitFor({ timeout: 30_000 });
  // Let late chunks, images and the toaster settle before reading the final values.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const result = (await page.evaluate(READ_IN_PAGE)) as LoadResult;
  await context.close();
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const initial = initialScripts();
  const initialKb = initial.reduce((sum, src) => sum + distFileGzipKb(src), 0);

  const dir = mkdtempSync(path.join(tmpdir(), 'recipehub-bench-web-'));
  const port = await freePort();
  const server = await startServer(port, dir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const loads: LoadResult[] = [];
  try {
    const url = `http://127.0.0.1:${port}/`;
    // One warm-up load so the server's first-request costs (JIT, SQLite page cache) are not
    // measured as the page's.
    await coldLoad(browser, url);
    for (let i = 0; i < LOADS; i++) loads.push(await coldLoad(browser, url));
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }

  const first = loads[0]!;
  const kbOf = (paths: string[]) =>
    [...new Set(paths)].reduce((sum, p) => sum + distFileGzipKb(p), 0);
  console.log('\nInitial JavaScript of the home page (gzip -9 of web/dist files):');
  for (const src of initial)
    console.log(`  ${distFileGzipKb(src).toFixed(2).padStart(7)} kB  ${src}`);
  console.log(`  ${initialKb.toFixed(2).padStart(7)} kB  total (entry + modulepreload)`);
  console.log(
    `Scripts the page loaded (load 1): before the list's first card ${kbOf(first.jsBeforeList).toFixed(2)} kB` +
      ` (${first.jsBeforeList.length} files), after ${kbOf(first.jsAfterList).toFixed(2)} kB (${first.jsAfterList.length} files: ${first.jsAfterList.join(', ') || 'none'})`,
  );

  const extra = [...new Set(first.jsBeforeList)].filter((p) => !initial.includes(p));
  if (extra.length > 0) {
    console.log('  loaded before the list besides the initial scripts:');
    for (const p of extra) console.log(`  ${distFileGzipKb(p).toFixed(2).padStart(7)} kB  ${p}`);
  }

  type Row = { name: string; values: number[]; budget: number; unit: string; digits: number };
  const rows: Row[] = [
    { name: 'LCP', values: loads.map((l) => l.lcpMs), budget: BUDGET.lcpMs, unit: 'ms', digits: 0 },
    { name: 'CLS', values: loads.map((l) => l.cls), budget: BUDGET.cls, unit: '', digits: 4 },
    {
      name: 'API calls before list',
      values: loads.map((l) => l.apiCallsBeforeList),
      budget: BUDGET.apiCallsBeforeList,
      unit: '',
      digits: 0,
    },
    {
      name: 'list shown at',
      values: loads.map((l) => l.listShownMs),
      budget: NaN,
      unit: 'ms',
      digits: 0,
    },
  ];
  const lcpElements = [...new Set(loads.map((l) => l.lcpElement))].join(', ');
  console.log(
    `\n${LOADS} cold loads of / (1280×900, fresh context each); LCP element: ${lcpElements}`,
  );
  console.log('  metric                  median      min      max   budget  result');
  let failed = initialKb > BUDGET.initialJsGzipKb;
  console.log(
    `  ${'initial JS (kB gzip)'.padEnd(22)}${initialKb.toFixed(2).padStart(8)}${''.padStart(9)}${''.padStart(9)}${`≤ ${BUDGET.initialJsGzipKb}`.padStart(9)}  ${initialKb > BUDGET.initialJsGzipKb ? 'FAIL' : 'PASS'}`,
  );
  for (const row of rows) {
    const fmt = (v: number) => `${v.toFixed(row.digits)}${row.unit}`;
    const med = median(row.values);
    const verdict = Number.isNaN(row.budget) ? '' : med <= row.budget ? 'PASS' : 'FAIL';
    if (verdict === 'FAIL') failed = true;
    console.log(
      `  ${row.name.padEnd(22)}${fmt(med).padStart(8)}${fmt(Math.min(...row.values)).padStart(9)}${fmt(Math.max(...row.values)).padStart(9)}${(Number.isNaN(row.budget) ? '' : `≤ ${fmt(row.budget)}`).padStart(9)}  ${verdict}`,
    );
  }
  console.log(failed ? '\nweb budget: FAIL' : '\nweb budget: PASS');
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
