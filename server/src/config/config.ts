import path from 'node:path';
import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@recipehub/openapi/limits';
import { ConfigError } from './config-error.js';
import { isLoopbackHost } from './network-addresses.js';
import { parseCorsOrigins, parseImportAllowedHosts, parseTrustProxy } from './network-settings.js';
import {
  parseBoolean,
  parseDatabase,
  parseHttpUrl,
  parsePort,
  parseSearchCountCap,
  parseNewAccountHours,
  parseSqliteReadConnections,
  parseUrlWithProtocols,
  repoRoot,
} from './scalar-settings.js';
import type { CorsOrigins, DatabaseConfig, TrustProxy } from './setting-types.js';

/**
 * Everything the server reads from its environment, validated once at boot.
 * A bad value stops the server with one line naming the variable (see ConfigError), never a stack trace.
 */
export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /**
   * SQLite: read connections that run searches, list counts and filtered pages off the event loop
   * (SQLITE_READ_CONNECTIONS, default 2; 0 runs them, and the hot reads of db/sqlite-hot-reader.ts,
   * on MikroORM's one connection). See db/sqlite-read-pool.ts.
   */
  sqliteReadConnections: number;
  publicUrl: string;
  /** Where the web app lives (WEB_APP_URL, default PUBLIC_URL): the base of links to its pages. */
  webAppUrl: string;
  smtpUrl: string | undefined;
  mailDir: string;
  mediaDir: string;
  /**
   * The sign-in page shows the demo admin's login and the seed uses the published demo passwords.
   * On by default only while the server listens on loopback with no proxy in front (see loadConfig).
   */
  demoMode: boolean;
  /** DEMO_MODE=true was set: demo mode wherever the server listens (warned about at boot). */
  demoModeForced: boolean;
  demoAdmin: { email: string; password: string };
  redisUrl: string | undefined;
  /** Origins whose pages may call the REST façade (CORS): a list of exact origins, `*`, or none. */
  corsOrigins: CorsOrigins;
  trustProxy: TrustProxy;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDistDir: string;
  /**
   * `host` or `host:port` entries the recipe importer may fetch although they resolve to a
   * non-public address or use another port (IMPORT_ALLOWED_HOSTS): for tests and intranets only.
   */
  importAllowedHosts: ReadonlySet<string>;
  /**
   * SEARCH_COUNT_CAP: up to how many matches a search's count is exact; undefined: the default of
   * the search index's default (modules/recipes/search/: 200 on SQLite, 50 on MySQL/MariaDB). The e2e server lowers it to reach estimated counts.
   */
  searchCountCap: number | undefined;
  /**
   * NEW_ACCOUNT_HOURS (default 24): an account verified less than this long ago is new, and its
   * reports do not count toward automatic hiding (issue 30).
   */
  newAccountHours: number;
}

/** Every variable the server reads: the compose-file test checks that compose sets nothing else. */
export const CONFIG_VARIABLES = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'PUBLIC_URL',
  'WEB_APP_URL',
  'SMTP_URL',
  'MAIL_DIR',
  'MEDIA_DIR',
  'DEMO_MODE',
  'DEMO_ADMIN_EMAIL',
  'DEMO_ADMIN_PASSWORD',
  'REDIS_URL',
  'CORS_ORIGINS',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'WEB_DIST_DIR',
  'SQLITE_READ_CONNECTIONS',
  'IMPORT_ALLOWED_HOSTS',
  'SEARCH_COUNT_CAP',
  'NEW_ACCOUNT_HOURS',
] as const;

export const DEFAULT_DEMO_ADMIN = { email: 'admin@recipehub.local', password: 'recipehub-admin' };

type Env = Record<string, string | undefined>;

function read(env: Env, name: (typeof CONFIG_VARIABLES)[number]): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/** A list setting: '' when set to nothing, which its reader refuses (network-settings.ts). */
function readList(env: Env, name: (typeof CONFIG_VARIABLES)[number]): string | undefined {
  return env[name]?.trim();
}

const emailSchema = z.email();
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): AppConfig {
  const port = parsePort(read(env, 'PORT'));
  const database = parseDatabase(read(env, 'DATABASE_URL'));

  const adminEmail = (read(env, 'DEMO_ADMIN_EMAIL') ?? DEFAULT_DEMO_ADMIN.email).toLowerCase();
  if (!emailSchema.safeParse(adminEmail).success) {
    throw new ConfigError('DEMO_ADMIN_EMAIL', `must be an email address, got "${adminEmail}"`);
  }
  const adminPassword = read(env, 'DEMO_ADMIN_PASSWORD') ?? DEFAULT_DEMO_ADMIN.password;
  if (adminPassword.length < MIN_PASSWORD_LENGTH)
    throw new ConfigError(
      'DEMO_ADMIN_PASSWORD',
      `must be at least ${MIN_PASSWORD_LENGTH} characters`,
    );

  const logLevel = read(env, 'LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }

  const rawPublicUrl = read(env, 'PUBLIC_URL');
  const publicUrl = rawPublicUrl
    ? parseHttpUrl('PUBLIC_URL', rawPublicUrl)
    : `http://localhost:${port}`;
  const rawWebAppUrl = read(env, 'WEB_APP_URL');
  // Loopback by default: `npm start` serves this machine only unless HOST says otherwise.
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const trustProxy = parseTrustProxy(readList(env, 'TRUST_PROXY'));
  // The demo login is shown only where nobody else can read it: on loopback with no proxy in
  // front (a proxy is how the public reaches a loopback server), or when DEMO_MODE=true says so.
  const demoModeSetting = parseBoolean('DEMO_MODE', read(env, 'DEMO_MODE'), undefined);
  return {
    port,
    host,
    database,
    sqliteReadConnections: parseSqliteReadConnections(read(env, 'SQLITE_READ_CONNECTIONS')),
    publicUrl,
    webAppUrl: rawWebAppUrl ? parseHttpUrl('WEB_APP_URL', rawWebAppUrl) : publicUrl,
    smtpUrl: parseUrlWithProtocols('SMTP_URL', read(env, 'SMTP_URL'), ['smtp:', 'smtps:']),
    mailDir: path.resolve(repoRoot, read(env, 'MAIL_DIR') ?? './data/mail'),
    mediaDir: path.resolve(repoRoot, read(env, 'MEDIA_DIR') ?? './data/media'),
    demoMode: demoModeSetting ?? (isLoopbackHost(host) && trustProxy === false),
    demoModeForced: demoModeSetting === true,
    demoAdmin: { email: adminEmail, password: adminPassword },
    redisUrl: parseUrlWithProtocols('REDIS_URL', read(env, 'REDIS_URL'), ['redis:', 'rediss:']),
    corsOrigins: parseCorsOrigins(readList(env, 'CORS_ORIGINS')),
    trustProxy,
    logLevel: logLevel as AppConfig['logLevel'],
    webDistDir: path.resolve(repoRoot, read(env, 'WEB_DIST_DIR') ?? 'web/dist'),
    importAllowedHosts: parseImportAllowedHosts(readList(env, 'IMPORT_ALLOWED_HOSTS')),
    searchCountCap: parseSearchCountCap(read(env, 'SEARCH_COUNT_CAP')),
    newAccountHours: parseNewAccountHours(read(env, 'NEW_ACCOUNT_HOURS')),
  };
}
