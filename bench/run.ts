/**
 * `npm run bench`: seeds the deterministic data set, starts the built server and a plain Fastify
 * ceiling, and measures varied traffic with autocannon, on SQLite and
 * (with MYSQL_URL) MariaDB/MySQL. See bench/README.md.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  createTemporaryDatabase,
  type TemporaryDatabase,
} from '../server/src/db/temporary-database.js';
import { LIMITED_ACTIONS } from '../server/src/security/rate-limiter.js';
import { planCpus, type CpuPlan } from './cpu-pinning.js';
import {
  prepareKeptMysql,
  prepareMysql,
  prepareSqlite,
  type PreparedDatabase,
} from './databases.js';
import { GENERATOR_VERSION } from './dataset.js';
import { MEMBER_COUNT } from './members.js';
import { benchDataDir, repoRoot, scratchDir, serverMain } from './paths.js';
import { benchServer } from './phases.js';
import { describeDataset, printRuns, writeReport, type DatabaseRun } from './report.js';
import type { LoopProbe } from './event-loop.js';
import { startCeiling } from './servers.js';
import { readSettings, type Settings } from './settings.js';
import { buildVocabulary, commonWords, type Vocabulary } from './vocabulary.js';

const RATE_LIMIT_NOTE =
  'Rate limits: the server limits only ' +
  LIMITED_ACTIONS.join(', ') +
  ' (server/src/security/rate-limiter.ts), no read; no global limit is registered. Nothing is ' +
  `bypassed or raised: the ${MEMBER_COUNT} members sign in once per server process (the login ` +
  'limits count failures only), and every answer is checked to be 2xx, the samples also free of ' +
  'rate-limit headers.';

const log = (line = '') => process.stdout.write(`${line}\n`);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function machineInfo() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    loadAverageAtEnd: [] as number[],
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

function logHeader(settings: Settings, machine: ReturnType<typeof machineInfo>, cpus: CpuPlan) {
  log(`RecipeHub bench, ${new Date().toISOString()}`);
  log(
    `Machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, node ` +
      `${machine.node}, load average ${machine.loadAverage.join(' / ')}`,
  );
  log(`CPUs: ${cpus.description}`);
  log(
    `autocannon: ${settings.connections} connections (isolation ${settings.isolationConnections} ` +
      `+ ${settings.isolationConnections}), ${settings.warmup} s warm-up + ${settings.duration} s ` +
      'per phase',
  );
  log(RATE_LIMIT_NOTE);
  if (!settings.reportable) {
    log(
      'NOTE: short phases, a small data set or other settings: a development run, not for bench/results/.',
    );
  }
  log();
}

interface BenchContext {
  settings: Settings;
  cpus: CpuPlan;
  ceilingUrl: string;
  ceilingLoop: LoopProbe;
  vocabulary: Vocabulary;
}

/** Every phase on one prepared database; problems go to `failures`. */
async function benchDatabase(
  database: PreparedDatabase,
  context: BenchContext,
  failures: string[],
): Promise<DatabaseRun> {
  const size = database.fileSizeBytes
    ? `; ${(database.fileSizeBytes / 2 ** 20).toFixed(0)} MiB`
    : '';
  log(`  ${database.title}: ${describeDataset(database.dataset)}${size}`);
  const { options: _options, ...described } = database;
  const run: DatabaseRun = { ...described, server: null };
  const shape = {
    recipes: database.dataset.recipes,
    categories: database.dataset.categories,
    vocabulary: context.vocabulary,
  };
  try {
    run.server = await benchServer({ ...context, database, shape, log, failures });
  } catch (error) {
    failures.push(`${database.label}: ${message(error)}`);
  }
  return run;
}

/** SQLite, then MySQL/MariaDB when `mysqlUrl` is set (its throwaway database goes in `throwaway`). */
async function benchDatabases(
  context: BenchContext,
  mysqlUrl: string | undefined,
  throwaway: { database?: TemporaryDatabase },
  failures: string[],
): Promise<DatabaseRun[]> {
  const { settings } = context;
  const runs: DatabaseRun[] = [];
  if (!settings.mysqlOnly) {
    try {
      const sqlite = await prepareSqlite(settings.recipes, settings.reseed, log);
      runs.push(await benchDatabase(sqlite, context, failures));
    } catch (error) {
      failures.push(`SQLite: ${message(error)}`);
    }
    log();
  }
  if (!mysqlUrl) {
    if (settings.mysqlOnly) failures.push('--mysql-only: MYSQL_URL is not set');
    log('MySQL/MariaDB: skipped (set MYSQL_URL, e.g. mysql://root@127.0.0.1:3306/test)');
    return runs;
  }
  try {
    let mysql: PreparedDatabase;
    if (settings.keepMysql) {
      mysql = await prepareKeptMysql(mysqlUrl, settings.recipes, log);
    } else {
      throwaway.database = await createTemporaryDatabase('mysql', { purpose: 'bench', mysqlUrl });
      mysql = await prepareMysql(throwaway.database.database, settings.recipes, log);
    }
    runs.push(await benchDatabase(mysql, context, failures));
  } catch (error) {
    failures.push(`MySQL/MariaDB: ${message(error)}`);
  }
  log();
  return runs;
}

async function main(): Promise<number> {
  const settings = readSettings();
  if (!existsSync(serverMain)) {
    throw new Error(`${path.relative(repoRoot, serverMain)} is missing: run npm run build first`);
  }
  await mkdir(scratchDir, { recursive: true });
  const mysqlUrl = settings.sqliteOnly ? undefined : process.env.MYSQL_URL?.trim() || undefined;
  const machine = machineInfo();
  const cpus = planCpus(settings.pin);
  logHeader(settings, machine, cpus);
  const vocabulary = buildVocabulary(settings.recipes);
  log(
    `Search vocabulary: ${vocabulary.words.length} words, ${vocabulary.queries.length} searches of ` +
      `1-2 words; most common: ${commonWords(vocabulary, 6).join(', ')}`,
  );

  const ceiling = await startCeiling(cpus);
  const throwaway: { database?: TemporaryDatabase } = {};
  const cleanup = async () => {
    await ceiling.child.stop();
    const database = throwaway.database;
    throwaway.database = undefined;
    if (database) await database.drop();
    await rm(scratchDir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanup().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const failures: string[] = [];
  let runs: DatabaseRun[];
  try {
    const context = {
      settings,
      cpus,
      ceilingUrl: ceiling.url,
      ceilingLoop: ceiling.loop,
      vocabulary,
    };
    runs = await benchDatabases(context, mysqlUrl, throwaway, failures);
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  machine.loadAverageAtEnd = os.loadavg().map((value) => Math.round(value * 100) / 100);
  printRuns(runs, log);

  const reportFile = path.join(benchDataDir, 'last-run.json');
  await writeReport(reportFile, {
    date: new Date().toISOString(),
    reportable: settings.reportable,
    machine,
    cpus,
    settings,
    generator: GENERATOR_VERSION,
    vocabulary: {
      words: vocabulary.words.length,
      searches: vocabulary.queries.length,
      mostCommon: vocabulary.words.slice(0, 10),
    },
    rateLimits: RATE_LIMIT_NOTE,
    runs,
    failures,
  });
  log(`Written to ${path.relative(repoRoot, reportFile)}`);
  if (failures.length > 0) {
    log();
    log('FAILED: a bench that measures errors, timeouts, 404s or 429s measures nothing:');
    for (const failure of failures) log(`  ${failure}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${message(error)}\n`);
    process.exit(1);
  },
);
