/**
 * `npm run bench`: seeds the deterministic data set, starts the built server and a plain Fastify
 * ceiling, and measures the hot read calls with autocannon, on SQLite and (with MYSQL_URL) MariaDB.
 * See bench/README.md.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { closeDatabase, openDatabase, type Orm } from '../server/src/db/open-database.js';
import type { DatabaseOptions, Dialect } from '../server/src/db/orm-options.js';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../server/src/db/temporary-database.js';
import { LIMITED_ACTIONS } from '../server/src/security/rate-limiter.js';
import { DEFAULT_RECIPE_COUNT, GENERATOR_VERSION, SEARCH_WORDS } from './dataset.js';
import { freePort, startNode, waitForOk } from './processes.js';
import { datasetSize, detailRecipeId, seedBenchDatabase, type DatasetSize } from './seed.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(repoRoot, 'data', 'bench');
const serverMain = path.join(repoRoot, 'server', 'dist', 'main.js');
const ceilingMain = path.join(repoRoot, 'bench', 'ceiling.mjs');

const RATE_LIMIT_NOTE =
  'Rate limits: the server limits only ' +
  LIMITED_ACTIONS.join(', ') +
  ' (server/src/security/rate-limiter.ts), no GET; no global limit is registered. Nothing is ' +
  'bypassed or raised: every measured response is checked to be 2xx and free of rate-limit headers.';

const { values: args } = parseArgs({
  options: {
    reseed: { type: 'boolean', default: false },
    recipes: { type: 'string', default: String(DEFAULT_RECIPE_COUNT) },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    quick: { type: 'boolean', default: false },
    'sqlite-only': { type: 'boolean', default: false },
  },
});

function positive(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`--${name} must be a positive whole number`);
  }
  return value;
}

const settings = {
  recipes: positive('recipes', args.recipes),
  duration: args.quick ? 3 : positive('duration', args.duration),
  warmup: args.quick ? 1 : positive('warmup', args.warmup),
  connections: positive('connections', args.connections),
  pipelining: 1,
};
const reportable = !args.quick && settings.recipes === DEFAULT_RECIPE_COUNT;

const log = (line = '') => process.stdout.write(`${line}\n`);

interface Target {
  name: string;
  url: string;
  /** Throws when the answer is not what the target is meant to measure. */
  check(body: unknown): void;
}

interface TargetResult {
  target: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  percentOfCeiling: number;
  /**
   * The target's first request, timed alone before the warm-up: the server's own caches (counts,
   * search rankings) are cold for it, so for the search this is the ranking's real cost.
   */
  firstMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Empty when every answer was 2xx; otherwise what went wrong (the row is not a measurement). */
  problem: string;
}

interface DatabaseRun {
  database: string;
  dialect: Dialect;
  latestMigration: string;
  dataset: DatasetSize;
  fileSizeBytes?: number;
  seedSeconds: number | null;
  results: TargetResult[];
  failures: string[];
}

function latestMigration(dialect: Dialect): string {
  // Read from the source tree: the built server carries the same files under dist/.
  const dir = path.join(repoRoot, 'server', 'src', 'migrations', dialect);
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => name.replace(/\.ts$/, ''));
  return names.sort().at(-1) ?? 'none';
}

function expectPage(minCount: number) {
  return (body: unknown) => {
    const page = body as { count?: number; results?: unknown[] };
    if (!Array.isArray(page.results) || page.results.length !== 10) {
      throw new Error(`expected a full page of 10 recipes, got ${page.results?.length}`);
    }
    if ((page.count ?? 0) < minCount) {
      throw new Error(`expected at least ${minCount} matches, got ${page.count}`);
    }
  };
}

function targetsFor(base: string, ceiling: string, recipes: number, detailId: number): Target[] {
  // Page 5000 of 10,000 on the full set; the same relative depth on a smaller dev set.
  const deepPage = Math.min(5000, Math.max(1, Math.floor(recipes / 10 / 2)));
  return [
    {
      name: 'ceiling (plain Fastify)',
      url: `${ceiling}/`,
      check(body) {
        if ((body as { hello?: string }).hello !== 'world') throw new Error('unexpected body');
      },
    },
    { name: 'list, page 1', url: `${base}/api/recipes/lists/`, check: expectPage(recipes) },
    {
      name: `list, page ${deepPage}`,
      url: `${base}/api/recipes/lists/?page=${deepPage}`,
      check: expectPage(recipes),
    },
    {
      name: 'category filter 3,7',
      url: `${base}/api/recipes/lists/?categories=3,7`,
      check: expectPage(recipes / 10),
    },
    {
      name: `search "${SEARCH_WORDS.join(' ')}"`,
      url: `${base}/api/recipes/lists/?search=${SEARCH_WORDS.join('%20')}`,
      check: expectPage(recipes / 100),
    },
    {
      name: 'trending (most_liked)',
      url: `${base}/api/recipes/lists/most_liked/`,
      check(body) {
        if (!Array.isArray(body) || body.length !== 10) throw new Error('expected 10 recipes');
      },
    },
    {
      name: `detail #${detailId}`,
      url: `${base}/api/recipes/lists/${detailId}/`,
      check(body) {
        const recipe = body as { id?: number; comments?: unknown[] };
        if (recipe.id !== detailId || (recipe.comments?.length ?? 0) < 3) {
          throw new Error('expected the recipe with its comments');
        }
      },
    },
  ];
}

/** One request per target before measuring: right status, right body, no rate-limit headers. */
/** Requests the target once, checks the answer and returns how long it took (ms). */
async function preflight(target: Target): Promise<number> {
  const started = performance.now();
  const response = await fetch(target.url);
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${target.name}: ${target.url} answered ${response.status}: ${text}`);
  }
  const limited = [...response.headers.keys()].filter((h) => /ratelimit|retry-after/i.test(h));
  if (limited.length > 0) {
    throw new Error(
      `${target.name}: rate-limit headers (${limited.join(', ')}) on a measured read; ` +
        'the bench would need an explicit bypass',
    );
  }
  target.check(JSON.parse(text));
  return elapsed;
}

async function measure(target: Target): Promise<Result> {
  const options = {
    url: target.url,
    connections: settings.connections,
    pipelining: settings.pipelining,
    timeout: 10,
  };
  const warm = await autocannon({ ...options, duration: settings.warmup });
  const result = await autocannon({ ...options, duration: settings.duration });
  // Warm-up answers count too: a 429 or 500 there is as wrong as in the measured window.
  result.non2xx += warm.non2xx;
  result.errors += warm.errors;
  result.timeouts += warm.timeouts;
  return result;
}

/**
 * Waits until the server answers its health check quickly again. A target the server cannot keep
 * up with leaves requests queued (autocannon gives up on them, the server still runs them); they
 * must not be billed to the next target.
 */
async function settle(base: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    if (response.status === 200 && performance.now() - started < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server was still busy 120 s after the previous target');
}

function statusSummary(result: Result): string {
  return Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}×${count}`)
    .join(' ');
}

async function benchDatabase(
  label: string,
  database: DatabaseOptions,
  ceilingUrl: string,
  dataset: DatasetSize,
  detailId: number,
): Promise<{ results: TargetResult[]; failures: string[] }> {
  const port = await freePort();
  const scratch = path.join(benchDir, `run-${process.pid}`);
  const url =
    database.kind === 'sqlite' ? `sqlite:${path.relative(repoRoot, database.path)}` : database.url;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'false',
    MAIL_DIR: path.join(scratch, 'mail'),
    MEDIA_DIR: path.join(scratch, 'media'),
  };
  // Nothing outside the bench's own settings: no mail server, no shared Redis limiter.
  delete env.SMTP_URL;
  delete env.REDIS_URL;
  const server = startNode(`server ${database.kind}`, serverMain, env);
  const base = `http://127.0.0.1:${port}`;
  const results: TargetResult[] = [];
  const failures: string[] = [];
  try {
    await waitForOk(`${base}/api/health`, server);
    const targets = targetsFor(base, ceilingUrl, dataset.recipes, detailId);
    let ceiling = 0;
    for (const target of targets) {
      await settle(base);
      process.stdout.write(`  ${target.name} ... `);
      const urlPath = new URL(target.url).pathname + new URL(target.url).search;
      let firstMs: number;
      try {
        firstMs = await preflight(target);
      } catch (error) {
        const problem = error instanceof Error ? error.message : String(error);
        log(`FAILED (${problem})`);
        failures.push(`${label} ${target.name}: ${problem}`);
        results.push({
          ...emptyResult(target.name, urlPath),
          problem: 'not measured: see failures',
        });
        continue;
      }
      const result = await measure(target);
      const rps = result.requests.average;
      if (results.length === 0) ceiling = rps;
      let problem = '';
      if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
        problem =
          `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts ` +
          `(${statusSummary(result)})`;
      } else if (result.requests.total === 0) {
        // Requests still running when the window closes are not counted anywhere by autocannon.
        problem = `no request completed within ${settings.duration} s`;
      }
      if (problem) failures.push(`${label} ${target.name}: ${problem}`);
      results.push({
        target: target.name,
        path: urlPath,
        requestsPerSecond: Math.round(rps),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        percentOfCeiling: ceiling > 0 ? Math.round((rps / ceiling) * 1000) / 10 : 0,
        firstMs: Math.round(firstMs * 10) / 10,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        problem,
      });
      log(`${Math.round(rps)} req/s${problem ? `, FAILED: ${problem}` : ''}`);
    }
  } finally {
    await server.stop();
    await rm(scratch, { recursive: true, force: true });
  }
  return { results, failures };
}

function emptyResult(target: string, path: string): TargetResult {
  return {
    target,
    path,
    requestsPerSecond: 0,
    p50Ms: 0,
    p99Ms: 0,
    percentOfCeiling: 0,
    firstMs: 0,
    requests: 0,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    problem: '',
  };
}

function table(results: TargetResult[]): string {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', '% of ceiling', 'first ms'];
  const rows = results.map((r) => [
    r.problem
      ? `${r.target} (FAILED: ${r.problem})`
      : r.requests < 100
        ? `${r.target} (only ${r.requests} requests)`
        : r.target,
    String(r.requestsPerSecond),
    String(r.p50Ms),
    String(r.p99Ms),
    `${r.percentOfCeiling.toFixed(1)} %`,
    r.firstMs.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

function describeDataset(size: DatasetSize): string {
  const n = (value: number) => value.toLocaleString('en');
  return (
    `${n(size.recipes)} recipes, ${n(size.users)} users, ${n(size.categories)} categories, ` +
    `${n(size.recipeCategories)} recipe-category links, ${n(size.reactions)} reactions, ` +
    `${n(size.saves)} saves, ${n(size.comments)} comments, ${n(size.reviews)} reviews`
  );
}

/** Seeds (or reuses) the cached SQLite file for this generator version, migration and size. */
async function prepareSqlite(): Promise<{ file: string; seedSeconds: number | null }> {
  const key = `${settings.recipes}-${GENERATOR_VERSION}-${latestMigration('sqlite')}`;
  const file = path.join(benchDir, `sqlite-${key}.db`);
  if (existsSync(file) && !args.reseed) {
    log(`SQLite: reusing ${path.relative(repoRoot, file)} (--reseed to rebuild)`);
    return { file, seedSeconds: null };
  }
  const partial = `${file}.partial`;
  for (const suffix of ['', '-wal', '-shm']) await rm(`${partial}${suffix}`, { force: true });
  log(`SQLite: seeding ${path.relative(repoRoot, file)}`);
  const started = Date.now();
  const orm = await openDatabase({ kind: 'sqlite', path: partial }, { migrate: true });
  try {
    await seedBenchDatabase(orm, 'sqlite', settings.recipes, log);
    await orm.em.getConnection().execute('pragma wal_checkpoint(truncate)', [], 'all');
  } finally {
    await closeDatabase(orm);
  }
  // Only a complete file gets the cache name; stale ones of this size go (each is ~300 MB).
  for (const name of await readdir(benchDir)) {
    if (
      name.startsWith(`sqlite-${settings.recipes}-`) &&
      !name.startsWith(path.basename(partial))
    ) {
      await rm(path.join(benchDir, name), { force: true });
    }
  }
  await rename(partial, file);
  for (const suffix of ['-wal', '-shm']) await rm(`${partial}${suffix}`, { force: true });
  return { file, seedSeconds: (Date.now() - started) / 1000 };
}

async function describe(orm: Orm): Promise<{ dataset: DatasetSize; detailId: number }> {
  return { dataset: await datasetSize(orm), detailId: await detailRecipeId(orm) };
}

/** SQLite: the cached file, described through the same ORM the server uses, then measured. */
async function runSqlite(ceilingUrl: string): Promise<DatabaseRun> {
  const sqlite = await prepareSqlite();
  const options: DatabaseOptions = { kind: 'sqlite', path: sqlite.file };
  const orm = await openDatabase(options, { migrate: true });
  const described = await describe(orm).finally(() => closeDatabase(orm));
  const fileSizeBytes = (await stat(sqlite.file)).size;
  log(`  ${describeDataset(described.dataset)}; ${(fileSizeBytes / 2 ** 20).toFixed(0)} MiB`);
  const measured = await benchDatabase(
    'SQLite',
    options,
    ceilingUrl,
    described.dataset,
    described.detailId,
  );
  return {
    database: 'SQLite (libsql, WAL)',
    dialect: 'sqlite',
    latestMigration: latestMigration('sqlite'),
    dataset: described.dataset,
    fileSizeBytes,
    seedSeconds: sqlite.seedSeconds,
    ...measured,
  };
}

/** MySQL/MariaDB: a throwaway database (the caller drops it), seeded, described, measured. */
async function runMysql(database: DatabaseOptions, ceilingUrl: string): Promise<DatabaseRun> {
  const name = database.kind === 'mysql' ? new URL(database.url).pathname.slice(1) : '?';
  log(`MySQL/MariaDB: seeding throwaway database ${name} (dropped at the end)`);
  const started = Date.now();
  const orm = await openDatabase(database, { migrate: true });
  let version = 'unknown';
  let described: { dataset: DatasetSize; detailId: number };
  try {
    await seedBenchDatabase(orm, 'mysql', settings.recipes, log);
    described = await describe(orm);
    const rows = await orm.em
      .getConnection()
      .execute<{ v: string }[]>('select version() as `v`', [], 'all');
    version = rows[0]?.v ?? version;
  } finally {
    await closeDatabase(orm);
  }
  const seedSeconds = (Date.now() - started) / 1000;
  log(`  ${describeDataset(described.dataset)}; server ${version}`);
  const measured = await benchDatabase(
    'MySQL',
    database,
    ceilingUrl,
    described.dataset,
    described.detailId,
  );
  return {
    database: `MySQL/MariaDB ${version}`,
    dialect: 'mysql',
    latestMigration: latestMigration('mysql'),
    dataset: described.dataset,
    seedSeconds,
    ...measured,
  };
}

async function main(): Promise<number> {
  if (!existsSync(serverMain)) {
    throw new Error(`${path.relative(repoRoot, serverMain)} is missing: run npm run build first`);
  }
  await mkdir(benchDir, { recursive: true });
  const mysqlUrl = args['sqlite-only'] ? undefined : process.env.MYSQL_URL?.trim() || undefined;

  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    loadAverageAtEnd: [] as number[],
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
  log(`RecipeHub bench, ${new Date().toISOString()}`);
  log(
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, node ` +
      `${machine.node}, load average ${machine.loadAverage.join(' / ')}`,
  );
  log(
    `autocannon: ${settings.connections} connections, pipelining ${settings.pipelining}, ` +
      `${settings.warmup} s warm-up + ${settings.duration} s per target, ` +
      'server and load generator on the same machine',
  );
  log(RATE_LIMIT_NOTE);
  if (!reportable) {
    log('NOTE: --quick or --recipes other than 100000: a development run, not for the README.');
  }
  log();

  const ceilingPort = await freePort();
  const ceiling = startNode('ceiling', ceilingMain, {
    ...process.env,
    PORT: String(ceilingPort),
    HOST: '127.0.0.1',
  });
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}`;
  let mysqlDatabase: TemporaryDatabase | undefined;
  const cleanup = async () => {
    await ceiling.stop();
    if (mysqlDatabase) await mysqlDatabase.drop();
    mysqlDatabase = undefined;
  };
  const onSignal = () => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const runs: DatabaseRun[] = [];
  const failures: string[] = [];
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  try {
    await waitForOk(ceilingUrl, ceiling);
    try {
      runs.push(await runSqlite(ceilingUrl));
    } catch (error) {
      failures.push(`SQLite: ${message(error)}`);
    }
    log();
    if (mysqlUrl) {
      try {
        mysqlDatabase = await createTemporaryDatabase('mysql', { purpose: 'bench', mysqlUrl });
        runs.push(await runMysql(mysqlDatabase.database, ceilingUrl));
      } catch (error) {
        failures.push(`MySQL/MariaDB: ${message(error)}`);
      }
    } else {
      log('MySQL/MariaDB: skipped (set MYSQL_URL, e.g. mysql://root@127.0.0.1:3306/test)');
    }
    log();
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  machine.loadAverageAtEnd = os.loadavg().map((value) => Math.round(value * 100) / 100);

  for (const run of runs) {
    log(`${run.database}: ${describeDataset(run.dataset)}`);
    log(table(run.results));
    log();
  }
  failures.push(...runs.flatMap((run) => run.failures));
  const report = {
    date: new Date().toISOString(),
    reportable,
    machine,
    settings,
    generator: GENERATOR_VERSION,
    rateLimits: RATE_LIMIT_NOTE,
    runs,
    failures,
  };
  const reportFile = path.join(benchDir, 'last-run.json');
  await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  log(`Written to ${path.relative(repoRoot, reportFile)}`);
  if (failures.length > 0) {
    log();
    log('FAILED: a bench that measures errors, 404s or 429s measures nothing:');
    for (const failure of failures) log(`  ${failure}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  },
);
