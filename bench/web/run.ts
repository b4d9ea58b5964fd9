/**
 * `npm run bench:web`: measures home, a recipe page and the dashboard (signed in) against the web
 * budget (bench/web/README.md): the initial JavaScript each page's HTML names, and cold loads in
 * Debian's headless Chromium at 390 and 1280 px wide, without and with throttling (page-load.ts):
 * LCP and its element, CLS, when the content appeared and the API calls before it.
 *
 * Options: `--pages home,recipe,dashboard`, `--widths 390,1280`, `--throttling off,on`,
 * `--loads N` (unthrottled loads per case, default 5; throttled ones are 3). It builds nothing
 * (the npm script builds web/ first) and starts the real server from source with a fresh seeded
 * SQLite database. A measurement, not a test: it prints a Markdown table and exits 1 when a
 * budget fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { coldLoad, type LoadResult } from './page-load.js';
import { BUDGET, resultRows, type Measured } from './report.js';
import { freePort } from '../processes.js';
import { demoSession, startServer } from './web-server.js';

const repo = path.resolve(import.meta.dirname, '../..');
const dist = path.join(repo, 'web/dist');
const CHEF = { email: 'nusrat.jahan@recipehub.local', password: 'recipehub-demo' };

interface PageCase {
  name: string;
  path: string;
  /** The HTML the server answers the page with (its scripts are the initial JavaScript). */
  html: string;
  /** Appears once the page shows its data. */
  ready: string;
  signedIn: boolean;
}

const PAGES: PageCase[] = [
  // The list's cards link to the detail page with fromPage (spec §2); the slider's cards do not.
  { name: 'home', path: '/', html: 'home.html', ready: 'a[href*="fromPage="]', signedIn: false },
  {
    name: 'recipe',
    path: '/recipes/1',
    html: 'recipe.html',
    ready: '.recipe-hero__title',
    signedIn: false,
  },
  {
    name: 'dashboard',
    path: '/dashboard/index/',
    // With its page cookie (the bench signs in as the web app does), the server answers the
    // dashboard with dashboard.html, its first cards filled in (server/src/modules/recipe-pages/
    // dashboard-page.routes.ts).
    html: 'dashboard.html',
    ready: '.dash-grid li',
    signedIn: true,
  },
];

const gzipKb = (file: string) =>
  gzipSync(readFileSync(path.join(dist, file.replace(/^\//, ''))), { level: 9 }).length / 1000;

/** The entry script and its modulepreloads: what the browser fetches before running anything. */
function initialScripts(htmlFile: string): string[] {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  return [
    ...[...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
  ].filter((src): src is string => src !== undefined);
}

function options() {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: 'home,recipe,dashboard' },
      widths: { type: 'string', default: '390,1280' },
      throttling: { type: 'string', default: 'off,on' },
      loads: { type: 'string', default: '5' },
    },
  });
  const names = values.pages.split(',');
  return {
    pages: PAGES.filter((p) => names.includes(p.name)),
    widths: values.widths.split(',').map(Number),
    throttling: values.throttling.split(',').map((t) => t === 'on'),
    loads: Number(values.loads),
  };
}

async function main() {
  const settings = options();
  let failed = false;
  console.log('Initial JavaScript (gzip -9 of the entry and modulepreloads each page names):');
  for (const page of settings.pages) {
    const kb = initialScripts(page.html).reduce((sum, src) => sum + gzipKb(src), 0);
    const ok = kb <= BUDGET.initialJsGzipKb;
    if (!ok) failed = true;
    console.log(
      `  ${page.name}: ${kb.toFixed(2)} kB (≤ ${BUDGET.initialJsGzipKb}) ${ok ? 'PASS' : 'FAIL'}`,
    );
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'recipehub-bench-web-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer(repo, dist, port, dir);
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
  const measured: Measured[] = [];
  try {
    const session = await demoSession(baseUrl, CHEF.email, CHEF.password);
    for (const page of settings.pages) {
      const base = {
        url: `${baseUrl}${page.path}`,
        ready: page.ready,
        session: page.signedIn ? session : undefined,
      };
      // One unmeasured load so the server's first-request costs (JIT, page cache) are not the page's.
      await coldLoad(browser, {
        ...base,
        viewport: { width: 1280, height: 900 },
        throttled: false,
      });
      for (const width of settings.widths) {
        const viewport = width < 768 ? { width, height: 844 } : { width, height: 900 };
        for (const throttled of settings.throttling) {
          const loads: LoadResult[] = [];
          const count = throttled ? Math.min(3, settings.loads) : settings.loads;
          for (let i = 0; i < count; i++)
            loads.push(await coldLoad(browser, { ...base, viewport, throttled }));
          measured.push({ page: page.name, width, throttled, loads });
          console.error(`measured ${page.name} at ${width} px${throttled ? ', throttled' : ''}`);
        }
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  const table = resultRows(measured);
  console.log(`\n${table.lines.join('\n')}`);
  failed ||= table.failed;
  console.log(failed ? '\nweb budget: FAIL' : '\nweb budget: PASS');
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
