/* eslint-disable max-lines -- issue 13, not yet done: 356 lines: the env schema and its readers, to split by concern. */
import path from 'node:path';
import { z } from 'zod';
import { isLoopbackHost, isProxyAddressOrRange } from './network-addresses.js';

/**
 * Everything the server reads from its environment, validated once at boot.
 * A bad value stops the server with one line naming the variable (see ConfigError), never a stack trace.
 */
export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'mysql'; url: string };

/**
 * Which proxies may say who the client is (X-Forwarded-For), as Fastify's `trustProxy` takes it:
 * `false` (none: request.ip is the socket's address), a hop count, or proxy addresses/CIDRs.
 */
export type TrustProxy = false | number | string[];

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  /**
   * SQLite: read connections that run searches, list counts and filtered pages off the event loop
   * (SQLITE_READ_CONNECTIONS, default 2; 0 runs them on the event loop as before). See
   * db/sqlite-read-pool.ts.
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
  corsOrigins: string[] | '*' | undefined;
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
   * recipe-search.ts (200 on SQLite, 50 on MySQL/MariaDB). The e2e server lowers it to reach estimated counts.
   */
  searchCountCap: number | undefined;
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
  'RECIPE_CACHES',
  'SQLITE_READ_CONNECTIONS',
  'IMPORT_ALLOWED_HOSTS',
  'SEARCH_COUNT_CAP',
] as const;

export const DEFAULT_DEMO_ADMIN = { email: 'admin@recipehub.local', password: 'recipehub-admin' };

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

const serverRoot = path.resolve(import.meta.dirname, '..', '..');
const repoRoot = path.resolve(serverRoot, '..');

type Env = Record<string, string | undefined>;

function read(env: Env, name: (typeof CONFIG_VARIABLES)[number]): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined) return 3000;
  if (!/^\d+$/.test(raw))
    throw new ConfigError('PORT', `must be a whole number from 0 to 65535, got "${raw}"`);
  const port = Number(raw);
  if (port > 65535)
    throw new ConfigError('PORT', `must be a whole number from 0 to 65535, got "${raw}"`);
  return port;
}

/** Two, so a search and a list count can run at once; the CPU they share is the limit. */
export const DEFAULT_SQLITE_READ_CONNECTIONS = 2;
const MAX_SQLITE_READ_CONNECTIONS = 16;

function parseSqliteReadConnections(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_SQLITE_READ_CONNECTIONS;
  const count = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  // One connection cannot be shared between searches and list reads (sqlite-read-pool.ts).
  if (count !== 0 && !(count >= 2 && count <= MAX_SQLITE_READ_CONNECTIONS)) {
    throw new ConfigError(
      'SQLITE_READ_CONNECTIONS',
      `must be 0 (off) or a whole number from 2 to ${MAX_SQLITE_READ_CONNECTIONS}, got "${raw}"`,
    );
  }
  return count;
}

function parseSearchCountCap(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const cap = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
  // Counting reads one index entry per match up to the cap: a higher cap costs time.
  if (!(cap >= 1 && cap <= 1_000_000)) {
    throw new ConfigError(
      'SEARCH_COUNT_CAP',
      `must be a whole number from 1 to 1000000, got "${raw}"`,
    );
  }
  return cap;
}

function parseDatabase(raw: string | undefined): DatabaseConfig {
  const value = raw ?? 'sqlite:./data/recipehub.db';
  if (value.startsWith('sqlite:')) {
    const file = value.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '')
      throw new ConfigError(
        'DATABASE_URL',
        'needs a file after "sqlite:", e.g. sqlite:./data/recipehub.db',
      );
    return { kind: 'sqlite', path: file === ':memory:' ? file : path.resolve(repoRoot, file) };
  }
  if (value.startsWith('mysql://') || value.startsWith('mariadb://')) {
    let url: URL;
    try {
      url = new URL(value.replace(/^mariadb:/, 'mysql:'));
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid mysql:// URL');
    }
    if (url.hostname === '' || url.pathname.length <= 1) {
      throw new ConfigError(
        'DATABASE_URL',
        'must name a host and a database, e.g. mysql://user:pass@host:3306/recipehub',
      );
    }
    return { kind: 'mysql', url: url.toString() };
  }
  throw new ConfigError(
    'DATABASE_URL',
    'must start with sqlite: (e.g. sqlite:./data/recipehub.db) or mysql:// (e.g. mysql://user:pass@host:3306/recipehub)',
  );
}

function parseHttpUrl(name: 'PUBLIC_URL' | 'WEB_APP_URL', raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
}

function parseUrlWithProtocols(
  name: 'SMTP_URL' | 'REDIS_URL',
  raw: string | undefined,
  protocols: string[],
) {
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) throw new Error('protocol');
  } catch {
    throw new ConfigError(
      name,
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );
  }
  return raw;
}

function parseBoolean<Fallback extends boolean | undefined>(
  name: 'DEMO_MODE',
  raw: string | undefined,
  fallback: Fallback,
): boolean | Fallback {
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

/**
 * CORS_ORIGINS: `*`, or comma-separated exact origins (`https://app.example.com`, with a port when
 * not the default). Paths, wildcards inside a name and `null` are refused: a browser sends the bare
 * origin, so anything else could never match and only hides a typo.
 */
function parseCorsOrigins(raw: string | undefined): AppConfig['corsOrigins'] {
  if (raw === undefined) return undefined;
  if (raw === '*') return '*';
  const origins = raw.split(',').map((origin) => origin.trim());
  for (const origin of origins) {
    let exact: boolean;
    try {
      const url = new URL(origin);
      exact = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
    } catch {
      exact = false;
    }
    if (!exact) {
      throw new ConfigError(
        'CORS_ORIGINS',
        `must be * or comma-separated origins like https://app.example.com (scheme, host and port only), got "${origin}"`,
      );
    }
  }
  return [...new Set(origins)];
}

function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || /^(0|false|no|off)$/i.test(raw)) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 0 && hops <= 10) return hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must be off, a hop count from 1 to 10, or a comma-separated list of proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8); "${bad}" is none of these`,
    );
  }
  return entries;
}

/**
 * IMPORT_ALLOWED_HOSTS: comma-separated `host` or `host:port` (`[::1]:8080` for IPv6). Each host
 * must be written as URLs write it (lower case, an IPv4 address in four decimal parts), because
 * the importer compares it with the link's host as text: "127.1" would never match and only hide
 * a typo. A port of the scheme's default may be left out.
 */
function parseImportAllowedHosts(raw: string | undefined): ReadonlySet<string> {
  if (raw === undefined) return new Set();
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
    let canonical = false;
    if (match) {
      const [, host = '', port] = match;
      try {
        canonical =
          new URL(`http://${host}/`).hostname === host.toLowerCase() &&
          host === host.toLowerCase() &&
          (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
      } catch {
        canonical = false;
      }
    }
    if (!canonical) {
      throw new ConfigError(
        'IMPORT_ALLOWED_HOSTS',
        `must be comma-separated host or host:port entries in lower case (e.g. 127.0.0.1:4010,recipes.intranet), got "${entry}"`,
      );
    }
  }
  return new Set(entries);
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
  if (adminPassword.length < 8)
    throw new ConfigError('DEMO_ADMIN_PASSWORD', 'must be at least 8 characters');

  const logLevel = read(env, 'LOG_LEVEL') ?? 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }

  // Bench only (bench/README.md): `off` makes recipe-count-cache.ts, which reads it, compute every
  // count and ranking afresh. Checked here so a typo stops the boot instead of benching the cache.
  const recipeCaches = read(env, 'RECIPE_CACHES');
  if (recipeCaches !== undefined && recipeCaches !== 'on' && recipeCaches !== 'off') {
    throw new ConfigError('RECIPE_CACHES', `must be on or off, got "${recipeCaches}"`);
  }

  const rawPublicUrl = read(env, 'PUBLIC_URL');
  const publicUrl = rawPublicUrl
    ? parseHttpUrl('PUBLIC_URL', rawPublicUrl)
    : `http://localhost:${port}`;
  const rawWebAppUrl = read(env, 'WEB_APP_URL');
  // Loopback by default: `npm start` serves this machine only unless HOST says otherwise.
  const host = read(env, 'HOST') ?? '127.0.0.1';
  const trustProxy = parseTrustProxy(read(env, 'TRUST_PROXY'));
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
    corsOrigins: parseCorsOrigins(read(env, 'CORS_ORIGINS')),
    trustProxy,
    logLevel: logLevel as AppConfig['logLevel'],
    webDistDir: path.resolve(repoRoot, read(env, 'WEB_DIST_DIR') ?? 'web/dist'),
    importAllowedHosts: parseImportAllowedHosts(read(env, 'IMPORT_ALLOWED_HOSTS')),
    searchCountCap: parseSearchCountCap(read(env, 'SEARCH_COUNT_CAP')),
  };
}
