import { parseArgs } from 'node:util';
import { DEFAULT_RECIPE_COUNT } from './dataset.js';

/** The command line of `npm run bench` (bench/README.md lists the flags). */
export interface Settings {
  recipes: number;
  reseed: boolean;
  warmup: number;
  duration: number;
  connections: number;
  isolationConnections: number;
  sqliteOnly: boolean;
  /** Skip SQLite: MySQL/MariaDB only (MYSQL_URL must be set). */
  mysqlOnly: boolean;
  /**
   * Seed MySQL/MariaDB once into a kept database and reuse it in later runs (databases.ts,
   * prepareKeptMysql): a development run, since earlier runs' writes stay in it.
   */
  keepMysql: boolean;
  pin: boolean;
  /** Only the ceiling and the varied search phase (a focused measurement of search). */
  searchOnly: boolean;
  /** `--only a,b`: run just the phases whose names contain one of these (and the ceiling). */
  only: string[] | null;
  /** Whether the numbers may be recorded in bench/results/ (a full run with the settings). */
  reportable: boolean;
}

/** A flag's whole number of at least 1, or an error naming the flag. */
export function positive(name: string, raw: string | undefined): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`--${name} must be a positive whole number`);
  }
  return value;
}

export function readSettings(argv: string[] = process.argv.slice(2)): Settings {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      reseed: { type: 'boolean', default: false },
      recipes: { type: 'string', default: String(DEFAULT_RECIPE_COUNT) },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '50' },
      'isolation-connections': { type: 'string', default: '10' },
      quick: { type: 'boolean', default: false },
      'sqlite-only': { type: 'boolean', default: false },
      'mysql-only': { type: 'boolean', default: false },
      'keep-mysql': { type: 'boolean', default: false },
      'no-pin': { type: 'boolean', default: false },
      'search-only': { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const settings = {
    recipes: positive('recipes', args.recipes),
    reseed: args.reseed,
    warmup: args.quick ? 1 : positive('warmup', args.warmup),
    duration: args.quick ? 3 : positive('duration', args.duration),
    connections: positive('connections', args.connections),
    isolationConnections: positive('isolation-connections', args['isolation-connections']),
    sqliteOnly: args['sqlite-only'],
    mysqlOnly: args['mysql-only'],
    keepMysql: args['keep-mysql'],
    pin: !args['no-pin'],
    searchOnly: args['search-only'],
    only: args.only ? args.only.split(',').map((part) => part.trim()) : null,
  };
  if (settings.sqliteOnly && settings.mysqlOnly) {
    throw new Error('--sqlite-only and --mysql-only exclude each other');
  }
  const reportable =
    settings.recipes >= DEFAULT_RECIPE_COUNT &&
    settings.duration >= 10 &&
    settings.connections === 50 &&
    settings.isolationConnections === 10 &&
    !settings.searchOnly &&
    !settings.keepMysql &&
    settings.only === null;
  return { ...settings, reportable };
}
