import path from 'node:path';
import { ConfigError } from './config-error.js';
import type { DatabaseConfig } from './setting-types.js';

/*
 * Readers of the one-value settings (a port, a count, a URL, a switch): each answers the value
 * or throws a ConfigError naming the variable and what it accepts.
 */

const serverRoot = path.resolve(import.meta.dirname, '..', '..');
/** Relative paths in the environment (the SQLite file, mail, media, the web build) start here. */
export const repoRoot = path.resolve(serverRoot, '..');

export function parsePort(raw: string | undefined): number {
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

export function parseSqliteReadConnections(raw: string | undefined): number {
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

export function parseSearchCountCap(raw: string | undefined): number | undefined {
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

export const DEFAULT_NEW_ACCOUNT_HOURS = 24;

export function parseNewAccountHours(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_NEW_ACCOUNT_HOURS;
  const hours = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(hours >= 0 && hours <= 10_000)) {
    throw new ConfigError(
      'NEW_ACCOUNT_HOURS',
      `must be a whole number of hours from 0 to 10000, got "${raw}"`,
    );
  }
  return hours;
}

export function parseDatabase(raw: string | undefined): DatabaseConfig {
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

export function parseHttpUrl(name: 'PUBLIC_URL' | 'WEB_APP_URL', raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${raw}"`);
  }
}

export function parseUrlWithProtocols(
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

export function parseBoolean<Fallback extends boolean | undefined>(
  name: 'DEMO_MODE',
  raw: string | undefined,
  fallback: Fallback,
): boolean | Fallback {
  if (raw === undefined) return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}
