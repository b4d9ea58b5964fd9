import { ConfigError } from './config-error.js';
import type { CorsOrigins, TrustProxy } from './setting-types.js';
import { isProxyAddressOrRange, isRealHostName } from './network-addresses.js';

/*
 * Readers of the settings that name other machines: CORS origins, proxies, the importer's hosts.
 * Each takes the trimmed value, '' when it is set to nothing: unset means none, but set to nothing
 * is refused, as it is more likely an empty shell variable or a stray `=` than a wish for none.
 */

function refuseEmpty(variable: string, raw: string, unsetMeans: string): void {
  if (raw === '') throw new ConfigError(variable, `is set but empty; leave it unset ${unsetMeans}`);
}

/**
 * CORS_ORIGINS: `*`, or comma-separated exact origins (`https://app.example.com`, with a port when
 * not the default). Paths, wildcards inside a name and `null` are refused: a browser sends the bare
 * origin, so anything else could never match and only hides a typo.
 */
export function parseCorsOrigins(raw: string | undefined): CorsOrigins {
  if (raw === undefined) return undefined;
  refuseEmpty('CORS_ORIGINS', raw, 'for same-origin only');
  if (raw === '*') return '*';
  const origins = raw.split(',').map((origin) => origin.trim());
  for (const origin of origins) {
    let exact: boolean;
    try {
      const url = new URL(origin);
      exact =
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.origin === origin &&
        isRealHostName(url.hostname);
    } catch {
      exact = false;
    }
    if (!exact) {
      throw new ConfigError(
        'CORS_ORIGINS',
        `must be * or comma-separated origins like https://app.example.com (http or https, a host and a port only: no path, no wildcard), got "${origin}"`,
      );
    }
  }
  return [...new Set(origins)];
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined) return false;
  refuseEmpty('TRUST_PROXY', raw, 'or set it to off to trust no proxy');
  if (/^(0|false|no|off)$/i.test(raw)) return false;
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
export function parseImportAllowedHosts(raw: string | undefined): ReadonlySet<string> {
  if (raw === undefined) return new Set();
  refuseEmpty('IMPORT_ALLOWED_HOSTS', raw, 'to allow public hosts only');
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
    let canonical = false;
    if (match) {
      const [, host = '', port] = match;
      try {
        canonical =
          new URL(`http://${host}/`).hostname === host &&
          isRealHostName(host) &&
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
